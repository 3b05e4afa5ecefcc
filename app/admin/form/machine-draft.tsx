import { useEffect, useState } from 'react';
import { can } from '../../../domain/access/permissions.ts';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../admin-context.tsx';
import { api } from '../api.ts';
import { fieldLabel } from '../field-labels.ts';
import type { Resource } from '../resources.ts';
import { Badge, buttonClass, useConfirm } from '../ui.tsx';

/*
 * Machine drafts in the form (API-4.md "The translation desk"): beside a language other than the
 * default, "Machine draft" sends the default language's texts that are empty here to the site's
 * translation service — after saying what leaves the server and to whom — and shows the texts it
 * wrote, marked, each with "Confirm" until a person confirms or edits it. Not offered without a
 * service (MT_PROVIDER) or for a language the person may not translate into.
 */

interface Marks {
  provider: string | null;
  marks: Array<{ field: string; lang: string }>;
}

export function MachineDraftBar({ resource, record, active, dirty }: { resource: Resource; record: StoredRecord | undefined; active: string; dirty: boolean }) {
  const { t, user, lang, defaultLanguage, problem } = useAdmin();
  const { ask, dialog } = useConfirm();
  const [state, setState] = useState<Marks | null>(null);
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const path = record ? `${resource.path}/${record._id}/machine-translate` : '';
  const version = record ? `${String(record.version)}:${String((record as { draftVersion?: unknown }).draftVersion ?? '')}` : '';
  useEffect(() => {
    if (!path) return;
    let current = true;
    api<Marks>(path)
      .then((answer) => current && setState(answer.data))
      .catch(() => current && setState(null));
    return () => {
      current = false;
    };
  }, [path, version]);
  if (!record || !state || active === defaultLanguage) return null;
  // In the form's order of fields.
  const order = (field: string) => resource.fields.findIndex((candidate) => candidate.name === field);
  const marked = state.marks.filter((mark) => mark.lang === active).sort((a, b) => order(a.field) - order(b.field));
  const offered = state.provider !== null && can(user, 'record.machineTranslate', { language: active });
  if (!offered && !marked.length) return null;
  const provider = state.provider ?? '';
  const target = active.toUpperCase();

  async function draft() {
    const yes = await ask({ message: `${t('mt.confirmTitle', { provider })} ${t('mt.confirmBody', { provider, source: defaultLanguage.toUpperCase(), target })}`, confirm: t('mt.send', { provider }) });
    if (!yes) return;
    setRunning(true);
    setMessage(null);
    try {
      const answer = await api<{ fields: string[] }>(path, { method: 'POST', body: { from: defaultLanguage, to: active } });
      if (!answer.data.fields.length) setMessage(t('mt.nothing', { target }));
      // The form reads the record (or its working copy) again with the texts written.
      else window.location.reload();
    } catch (caught) {
      setMessage(t('mt.failed', { message: problem(caught) }));
    } finally {
      setRunning(false);
    }
  }

  async function confirm(field: string) {
    try {
      const answer = await api<Marks>(`${path}/confirm`, { method: 'POST', body: { lang: active, fields: [field] } });
      setState(answer.data);
      setMessage(t('mt.confirmed'));
    } catch (caught) {
      setMessage(t('mt.failed', { message: problem(caught) }));
    }
  }

  return (
    <div className="space-y-2 rounded-md border border-violet-200 bg-violet-50 p-3 text-sm" data-testid="machine-draft">
      {dialog}
      {offered && (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={buttonClass.secondary} onClick={() => void draft()} disabled={running || dirty} aria-busy={running}>
            {t('mt.draft')}
          </button>
          {running && (
            <p role="status" className="flex items-center gap-2 text-slate-700">
              <span aria-hidden className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-violet-600 border-t-transparent" />
              {t('mt.running', { provider })}
            </p>
          )}
        </div>
      )}
      {marked.length > 0 && (
        <div className="space-y-1">
          <Badge tone="amber">{t('mt.marked')}</Badge>
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t('mt.marked')}>
            {marked.map((mark) => (
              <li key={mark.field} className="flex items-center gap-2" data-testid="machine-field">
                <span className="font-medium text-slate-900">{fieldLabel(mark.field, lang, resource.labels)}</span>
                {can(user, 'record.edit', { language: active }) && (
                  <button type="button" className="min-h-10 font-semibold text-brand-700 underline" onClick={() => void confirm(mark.field)}>
                    {t('mt.confirm')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {message && (
        <p role="status" className="text-slate-800">
          {message}
        </p>
      )}
    </div>
  );
}
