import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { can } from '../../../domain/access/permissions.ts';
import { useAdmin } from '../admin-context.tsx';
import { AlertLog } from '../alert-log.tsx';
import { ChannelPosts } from '../channel-posts.tsx';
import { EventRegistrations } from '../event-registrations.tsx';
import { fieldLabel } from '../field-labels.ts';
import { History } from '../history.tsx';
import { PreviewLink } from '../publishing.tsx';
import type { Resource } from '../resources.ts';
import { ReviewPanel, type Comment as ReviewComment } from '../review-panel.tsx';
import { usePathLabel } from './copy-notices.tsx';
import { editable, type FormState } from './use-form-state.ts';
import type { WorkingCopy } from './use-working-copy.ts';

interface RecordPanelsProps {
  resource: Resource;
  record: StoredRecord;
  form: FormState;
  copy: WorkingCopy;
  /** The language of the form's tab (a preview opens the page in it). */
  active: string;
  onComments: (comments: ReviewComment[]) => void;
}

/** Under a saved record's form: its event's registrations, its channel posts and alerts, its review, a preview link and its versions. */
export function RecordPanels({ resource, record, form, copy, active, onComments }: RecordPanelsProps) {
  const { lang, user } = useAdmin();
  const pathLabel = usePathLabel(resource);
  const path = `${resource.path}/${record._id}`;
  const { canHoldCopy, editingCopy } = copy;
  const { type } = resource;
  return (
    <>
      {resource.key === 'events' && <EventRegistrations id={record._id} />}
      {'notify' in type.fields && <ChannelPosts path={path} version={form.version ?? 0} />}
      {'notify' in type.fields && Boolean(form.values.notify) && <AlertLog path={path} version={form.version ?? 0} />}
      {canHoldCopy && <ReviewPanel path={path} onComments={onComments} fields={resource.fields.map((field) => ({ name: field.name, label: fieldLabel(field.name, lang, resource.labels) }))} />}
      {type.site?.detail && (type.scheduleFields || type.site.preview) && <PreviewLink key={editingCopy ? 'copy' : 'record'} type={resource.key} id={record._id} lang={active} unsaved={form.dirty} draft={editingCopy} />}
      <History<StoredRecord>
        base={`${path}/versions`}
        canRestore={can(user, 'record.publish')}
        intoCopy={canHoldCopy && form.state === 'published'}
        keepsTexts
        kept={[type.visibilityField, type.scheduleFields?.publish, type.scheduleFields?.unpublish].filter((field) => field !== undefined)}
        labelOf={pathLabel}
        onRestored={(restored) => {
          form.setValues(editable(restored, {}));
          form.setDirty(false);
          form.setConflict(false);
          if ('hasDraft' in restored && 'baseVersion' in restored && 'draftSavedAt' in restored) copy.restored(restored);
          else form.setVersion(restored.version);
        }}
      />
    </>
  );
}
