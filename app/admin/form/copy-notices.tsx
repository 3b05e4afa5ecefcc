import { can } from '../../../domain/access/permissions.ts';
import { useAdmin } from '../admin-context.tsx';
import { CopyComparison } from '../copy-comparison.tsx';
import { fieldLabel } from '../field-labels.ts';
import type { Resource } from '../resources.ts';
import { formatMoment } from '../time-zone.ts';
import { buttonClass } from '../ui.tsx';
import type { Values } from './use-form-state.ts';
import type { Saving } from './use-save.ts';
import type { WorkingCopy } from './use-working-copy.ts';

/** A changed leaf's name: `title.ru` → "Title (RU)", `features.0.text.uz` → "Features (UZ)". */
export function usePathLabel(resource: Resource) {
  const { lang } = useAdmin();
  return (path: string) => {
    const [field, ...rest] = path.split('.');
    const detail = rest.filter((part) => !/^\d+$/.test(part) && part !== 'text').join(' ');
    return `${fieldLabel(field, lang, resource.labels)}${detail ? ` (${detail.toUpperCase()})` : ''}`;
  };
}

/** The working copy's banner (whose, when, what it changes, and what can be done with it), its comparison with the live text, and a colleague's newer copy. */
export function CopyNotices({ resource, values, copy, saving }: { resource: Resource; values: Values; copy: WorkingCopy; saving: Saving }) {
  const { t, lang, timeZone, user } = useAdmin();
  const pathLabel = usePathLabel(resource);
  const fields = resource.fields.map((field) => field.name);
  const { copy: shown, editingCopy, comparingLive, clash } = copy;
  return (
    <>
      {shown && (
        <div data-testid="working-copy" className="flex flex-wrap items-center gap-3 rounded-md border border-sky-300 bg-sky-50 p-4 text-sky-950">
          <p className="min-w-60 flex-1">
            {shown.savedBy && `${t('copy.savedBy', { name: shown.savedBy, time: formatMoment(shown.savedAt, lang, timeZone) })} `}
            {editingCopy ? t('copy.editing') : t('copy.exists', { time: formatMoment(shown.savedAt, lang, timeZone) })}
            {shown.applyAt && ` ${t('copy.scheduled', { time: formatMoment(shown.applyAt, lang, timeZone) })}`}
            {shown.differs && (
              <span data-testid="copy-differs" className="mt-1 block text-sm">
                {shown.differs.length ? t('copy.differs', { fields: shown.differs.map(pathLabel).join(', ') }) : t('copy.same')}
              </span>
            )}
          </p>
          {!editingCopy && (
            <button type="button" className={buttonClass.secondary} onClick={copy.open}>
              {t('copy.open')}
            </button>
          )}
          {editingCopy && (
            <button type="button" className={buttonClass.secondary} aria-expanded={comparingLive} onClick={() => copy.setComparingLive(!comparingLive)}>
              {comparingLive ? t('copy.hideCompare') : t('copy.compare')}
            </button>
          )}
          {can(user, 'record.publish') && (
            <>
              <button type="button" className={buttonClass.primary} onClick={() => saving.publishCopy()}>
                {t('copy.publish')}
              </button>
              <button type="button" className={buttonClass.secondary} onClick={copy.discard}>
                {t('copy.discard')}
              </button>
            </>
          )}
        </div>
      )}
      {shown && editingCopy && comparingLive && (
        <section aria-label={t('copy.compare')} className="rounded-md border border-sky-200 bg-white p-4">
          <CopyComparison before={copy.live} after={values} fields={fields} labelOf={pathLabel} headings={[t('copy.live'), t('copy.inCopy')]} testId="copy-comparison" />
        </section>
      )}
      {clash && (
        <div role="alert" data-testid="copy-clash" className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <p>{t('copy.conflict', { name: clash.name, time: formatMoment(clash.at, lang, timeZone) })}</p>
          <CopyComparison before={clash.theirs} after={values} fields={fields} labelOf={pathLabel} headings={[t('copy.theirs'), t('copy.yours')]} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.primary} onClick={(event) => saving.save(event, true, undefined, clash.version)}>
              {t('copy.keepMine')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={copy.takeTheirs}>
              {t('copy.takeTheirs')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
