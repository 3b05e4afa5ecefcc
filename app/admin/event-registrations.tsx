import { Download, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { can } from '../../domain/access/permissions.ts';
import { useAdmin } from './admin-context.tsx';
import { api, downloadFile } from './api.ts';
import { formatMoment } from './time-zone.ts';
import { buttonClass, useConfirm } from './ui.tsx';
import { dayIn } from '../../domain/shared/days.ts';

interface Registration {
  _id: string;
  name: string;
  email: string;
  company: string;
  status: 'unconfirmed' | 'registered' | 'waitlisted' | 'cancelled';
  createdAt: string;
}

/**
 * An event's registrations on its form: how many came, wait and have not confirmed, who, the list
 * as CSV; editors and administrators remove chosen ones, or every unconfirmed one (a robot's).
 */
export function EventRegistrations({ id }: { id: string }) {
  const { t, lang, timeZone, user } = useAdmin();
  const { ask, dialog } = useConfirm();
  const [list, setList] = useState<Registration[] | null>(null);
  const [failed, setFailed] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState('');
  const mayRemove = can(user, 'eventRegistration.remove');
  const load = useCallback(
    () =>
      api<Registration[]>(`/events/${id}/registrations`).then(
        (found) => setList(found.data),
        () => setFailed(t('registrations.unreadable')),
      ),
    [id, t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function exportCsv() {
    setFailed('');
    try {
      if (!(await downloadFile(`/events/${id}/registrations?format=csv&lang=${lang === 'ru' || lang === 'uz' ? lang : 'en'}`, `registrations-${dayIn(Date.now(), timeZone)}.csv`))) throw new Error('export');
    } catch {
      setFailed(t('registrations.unreadable'));
    }
  }

  async function remove(which: { ids: string[] } | { unconfirmed: true }, count: number) {
    setFailed('');
    setNotice('');
    const message = 'ids' in which ? t('registrations.confirmRemove', { count }) : t('registrations.confirmRemoveUnconfirmed', { count });
    if (!(await ask({ message, confirm: t('registrations.remove'), danger: true }))) return;
    try {
      const answer = await api<{ removed: number }>(`/events/${id}/registrations/remove`, { body: which });
      setNotice(t('registrations.removed', { count: answer.data.removed }));
      setChosen(new Set());
      await load();
    } catch {
      setFailed(t('registrations.removeFailed'));
    }
  }

  const toggle = (registration: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(registration)) next.delete(registration);
      else next.add(registration);
      return next;
    });
  const count = (status: Registration['status']) => list?.filter((item) => item.status === status).length ?? 0;
  return (
    <section aria-labelledby="event-registrations" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      {dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="event-registrations" className="font-semibold text-slate-900">
          {t('registrations.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {mayRemove && chosen.size > 0 && (
            <button type="button" className={buttonClass.secondary} onClick={() => remove({ ids: [...chosen] }, chosen.size)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('registrations.removeChosen', { count: chosen.size })}
            </button>
          )}
          {mayRemove && count('unconfirmed') > 0 && (
            <button type="button" className={buttonClass.secondary} onClick={() => remove({ unconfirmed: true }, count('unconfirmed'))}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('registrations.removeUnconfirmed')}
            </button>
          )}
          {list && list.length > 0 && (
            <button type="button" className={buttonClass.secondary} onClick={exportCsv}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('registrations.export')}
            </button>
          )}
        </div>
      </div>
      {failed && <p className="text-red-700">{failed}</p>}
      {notice && (
        <p role="status" className="text-green-800">
          {notice}
        </p>
      )}
      {!list && !failed && <p>{t('app.loading')}</p>}
      {list && (
        <p>
          {t('registrations.counts', { registered: count('registered'), waitlisted: count('waitlisted'), cancelled: count('cancelled') })}
          {count('unconfirmed') > 0 && ` · ${t('registrations.unconfirmedCount', { count: count('unconfirmed') })}`}
        </p>
      )}
      {list && list.length === 0 && <p>{t('registrations.none')}</p>}
      {list && list.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {list.map((item) => (
            <li key={item._id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="flex min-w-0 items-baseline gap-2 break-words">
                {mayRemove && <input type="checkbox" className="h-4 w-4 shrink-0" checked={chosen.has(item._id)} onChange={() => toggle(item._id)} aria-label={t('registrations.choose', { name: item.name, email: item.email })} />}
                <span>
                  <span className="font-medium text-slate-900">{item.name}</span> · {item.email}
                  {item.company && ` · ${item.company}`}
                </span>
              </span>
              <span className="shrink-0 text-slate-600">
                {t(`registrations.status.${item.status}`)} · {formatMoment(item.createdAt, lang, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
