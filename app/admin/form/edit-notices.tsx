import { useAdmin } from '../admin-context.tsx';
import { fieldLabel } from '../field-labels.ts';
import type { Resource } from '../resources.ts';
import { formatMoment } from '../time-zone.ts';
import { buttonClass, useConfirm } from '../ui.tsx';
import type { Autosave } from './use-autosave.ts';
import { editorName, initials, type Editor, type PresenceState } from './use-presence.ts';

/** "14:32" in the firm's time zone: today's moments need no date. */
const clockTime = (iso: string, lang: string, timeZone: string) => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone }).format(new Date(ms));
};

/** A person's initials in a circle; their name for screen readers and on hover. */
export function Avatar({ name, label }: { name: string; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-700 text-xs font-bold text-white">
      {initials(name)}
    </span>
  );
}

/** The autosave's quiet line: saving, kept (when), or offline. */
export function AutosaveLine({ autosave }: { autosave: Autosave }) {
  const { t, lang, timeZone } = useAdmin();
  const { status, offline } = autosave;
  const words = offline || status.kind === 'offline' ? t('edit.offline') : status.kind === 'saving' ? t('edit.saving') : status.kind === 'saved' ? t(status.local ? 'edit.keptLocal' : 'edit.savedDraft', { time: clockTime(status.at, lang, timeZone) }) : '';
  return (
    <p aria-live="polite" data-testid="autosave" data-state={offline ? 'offline' : status.kind} className={`min-h-5 text-sm ${offline ? 'font-semibold text-amber-800' : 'text-slate-600'}`}>
      {words}
    </p>
  );
}

/** "Restore unsaved changes from {time}": restore or discard. */
export function RestoreOffer({ autosave }: { autosave: Autosave }) {
  const { t, lang, timeZone } = useAdmin();
  const { offer } = autosave;
  if (!offer) return null;
  return (
    <div data-testid="restore-offer" className="flex flex-wrap items-center gap-3 rounded-md border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <p className="min-w-60 flex-1">{t('edit.restoreOffer', { time: formatMoment(offer.savedAt, lang, timeZone) })}</p>
      <button type="button" className={buttonClass.primary} onClick={autosave.restore}>
        {t('edit.restore')}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={autosave.discard}>
        {t('edit.discard')}
      </button>
    </div>
  );
}

/** Who else has the record open, and where ("Dilnoza is editing Title (RU)"), with "Edit anyway". */
export function PresenceBar({ resource, presence }: { resource: Resource; presence: PresenceState }) {
  const { t, lang } = useAdmin();
  const { ask, dialog } = useConfirm();
  const { editors, takenOver } = presence;
  if (!editors.length || takenOver) return dialog;
  const where = (editor: Editor) => (editor.field ? `${fieldLabel(editor.field, lang, resource.labels)}${editor.lang ? ` (${editor.lang.toUpperCase()})` : ''}` : '');
  async function takeOver() {
    const names = editors.map(editorName).join(', ');
    if (await ask({ message: t('edit.takeOverConfirm', { names }), confirm: t('edit.editAnyway') })) await presence.takeOver();
  }
  return (
    <section aria-label={t('edit.whoElse')} data-testid="presence" className="flex flex-wrap items-center gap-3 rounded-md border border-violet-300 bg-violet-50 p-3 text-violet-950">
      {dialog}
      <ul className="min-w-60 flex-1 space-y-1">
        {editors.map((editor) => {
          const name = editorName(editor);
          const place = where(editor);
          const words = place ? t('edit.editing', { name, where: place }) : t('edit.open', { name });
          return (
            <li key={editor._id} className="flex items-center gap-2">
              <Avatar name={name} label={name} />
              <span>{words}</span>
            </li>
          );
        })}
      </ul>
      <button type="button" className={buttonClass.secondary} onClick={takeOver}>
        {t('edit.editAnyway')}
      </button>
    </section>
  );
}

/** Someone took over: this form is read-only, what was typed kept as a draft. */
export function TakenOverNotice({ presence }: { presence: PresenceState }) {
  const { t, lang, timeZone } = useAdmin();
  if (!presence.takenOver) return null;
  return (
    <p role="alert" data-testid="taken-over" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
      {t('edit.takenOver', { name: presence.takenOver.name, time: clockTime(presence.takenOver.at, lang, timeZone) })}
    </p>
  );
}
