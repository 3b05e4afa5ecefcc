import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { api, getToken } from './api.ts';
import { formatMoment } from './time-zone.ts';
import { buttonClass } from './ui.tsx';
import { dayIn } from '../../domain/shared/days.ts';

interface Registration {
  _id: string;
  name: string;
  email: string;
  company: string;
  status: 'registered' | 'waitlisted' | 'cancelled';
  createdAt: string;
}

/** An event's registrations on its form: how many came and wait, who, and the list as CSV. */
export function EventRegistrations({ id }: { id: string }) {
  const { t, lang, timeZone } = useAdmin();
  const [list, setList] = useState<Registration[] | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    api<Registration[]>(`/events/${id}/registrations`).then(
      (found) => setList(found.data),
      () => setFailed(t('registrations.unreadable')),
    );
  }, [id, t]);

  async function exportCsv() {
    setFailed('');
    try {
      const response = await fetch(`/api/events/${id}/registrations?format=csv&lang=${lang === 'ru' || lang === 'uz' ? lang : 'en'}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` }, cache: 'no-store' });
      if (!response.ok) throw new Error('export');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = `registrations-${dayIn(Date.now(), timeZone)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setFailed(t('registrations.unreadable'));
    }
  }

  const count = (status: Registration['status']) => list?.filter((item) => item.status === status).length ?? 0;
  return (
    <section aria-labelledby="event-registrations" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="event-registrations" className="font-semibold text-slate-900">
          {t('registrations.title')}
        </h2>
        {list && list.length > 0 && (
          <button type="button" className={buttonClass.secondary} onClick={exportCsv}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('registrations.export')}
          </button>
        )}
      </div>
      {failed && <p className="text-red-700">{failed}</p>}
      {!list && !failed && <p>{t('app.loading')}</p>}
      {list && (
        <p>
          {t('registrations.counts', { registered: count('registered'), waitlisted: count('waitlisted'), cancelled: count('cancelled') })}
        </p>
      )}
      {list && list.length === 0 && <p>{t('registrations.none')}</p>}
      {list && list.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {list.map((item) => (
            <li key={item._id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{item.name}</span> · {item.email}
                {item.company && ` · ${item.company}`}
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
