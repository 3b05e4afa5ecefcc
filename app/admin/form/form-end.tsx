import { Check } from 'lucide-react';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { can } from '../../../domain/access/permissions.ts';
import { useAdmin } from '../admin-context.tsx';
import { ChecksPanel, OverrideWithReason, RefusedByChecks } from '../checks-panel.tsx';
import { fieldLabel } from '../field-labels.ts';
import { Field } from '../fields/field.tsx';
import { PublishingChoice } from '../publishing.tsx';
import type { Resource } from '../resources.ts';
import { buttonClass } from '../ui.tsx';
import type { FormContext } from './form-context.ts';
import type { FormState } from './use-form-state.ts';
import type { Languages } from './use-languages.ts';
import type { Saving } from './use-save.ts';
import type { WorkingCopy } from './use-working-copy.ts';

interface FormEndProps {
  resource: Resource;
  record: StoredRecord | undefined;
  form: FormState;
  copy: WorkingCopy;
  saving: Saving;
  languages: Languages;
  context: FormContext;
  onCancel: () => void;
}

/** Under the fields: why a publish was refused, the checks, when it is shown (draft, now, scheduled), and the buttons. */
export function FormEnd({ resource, record, form, copy, saving, languages, context, onCancel }: FormEndProps) {
  const { t, lang, user } = useAdmin();
  const labelOf = (field: string) => fieldLabel(field, lang, resource.labels);
  const { unapproved, blocked, values, state } = form;
  const { publishing, throughCopy } = saving;
  const { canHoldCopy, editingCopy } = copy;
  const overrides = can(user, 'record.override');
  return (
    <>
      {unapproved && (
        <div role="alert" data-testid="approval-needed" className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{t('approval.refused')}</p>
          <p>{t('approval.next')}</p>
          {record && canHoldCopy && !editingCopy && (
            <button type="button" className={buttonClass.primary} onClick={(event) => saving.save(event, true)}>
              {t('copy.saveAs')}
            </button>
          )}
          {overrides && <OverrideWithReason onOverride={unapproved.retry} texts={{ label: 'approval.overrideReason', button: 'approval.override', needed: 'approval.overrideNeedsReason' }} />}
        </div>
      )}
      {blocked && <RefusedByChecks checks={blocked.checks} labelOf={labelOf} onFix={languages.fixCheck} onOverride={overrides ? blocked.retry : undefined} />}
      {record && canHoldCopy && <ChecksPanel path={`${resource.path}/${record._id}`} draft={editingCopy} version={`${form.version}-${copy.copy?.savedAt ?? ''}-${editingCopy}`} labelOf={labelOf} onFix={languages.fixCheck} />}
      {publishing && !editingCopy && (
        <PublishingChoice
          type={resource.type}
          mode={saving.mode}
          values={values}
          live={state === 'published'}
          approvalFirst={saving.approvalFirst}
          disabled={!can(user, 'record.publish')}
          error={form.errors[publishing.at]}
          onChoose={saving.choose}
          onTime={(at) => form.set(publishing.at, at)}
        >
          {/* When it stops being shown (optional), with the three actions it belongs to. */}
          {resource.fields
            .filter((field) => field.name === publishing.until)
            .map((field) => (
              <div key={field.name} data-field={field.name} className="mt-3 max-w-sm">
                <Field field={field} labels={resource.labels} value={values[field.name]} active={languages.active} errors={form.errors} choices={context.choices} onChange={(value) => form.set(field.name, value)} />
              </div>
            ))}
        </PublishingChoice>
      )}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={buttonClass.primary} disabled={form.saving}>
          {form.saving ? t('common.saving') : saving.saveLabel}
        </button>
        {canHoldCopy && !editingCopy && !throughCopy && state === 'published' && (
          <button type="button" className={buttonClass.secondary} disabled={form.saving} onClick={(event) => saving.save(event, true)}>
            {t('copy.saveAs')}
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          {resource.placement === 'page' && record && !form.dirty ? t('common.back') : t('common.cancel')}
        </button>
        {throughCopy && !editingCopy && <p className="basis-full text-sm text-slate-700">{t('approval.hint')}</p>}
        {form.justSaved && !form.saving && (
          <p role="status" className="inline-flex min-h-10 items-center gap-2 font-semibold text-green-800">
            <Check className="h-5 w-5" aria-hidden="true" />
            {t('common.saved')}
          </p>
        )}
      </div>
    </>
  );
}
