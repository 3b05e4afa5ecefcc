import { Download, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { pickText } from '../../../domain/shared/localized.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, downloadFile, loadScreen } from '../../admin/api.ts';
import { formatMoment } from '../../admin/time-zone.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { Badge, buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle, SuccessNotice } from '../../admin/ui.tsx';
import type { AdminTextKey } from '../../admin/admin-texts.ts';
import type { Route } from './+types/subscribers';
import { dayIn } from '../../../domain/shared/days.ts';

type State = 'pending' | 'confirmed' | 'unsubscribed';
interface Subscriber {
  _id: string;
  email: string;
  language: string;
  topics: string[];
  state: State;
  createdAt: string;
  confirmedAt: string | null;
}
interface Counts {
  byState: Record<State, number>;
  byLanguage: Record<string, number>;
  byTopic: Array<{ _id: string; title: unknown; count: number }>;
}

const STATE_TEXT: Record<State, AdminTextKey> = { pending: 'subscribers.pending', confirmed: 'subscribers.confirmed', unsubscribed: 'subscribers.unsubscribed' };
const STATE_TONE: Record<State, 'amber' | 'green' | 'gray'> = { pending: 'amber', confirmed: 'green', unsubscribed: 'gray' };
const STATES: State[] = ['confirmed', 'pending', 'unsubscribed'];

export async function clientLoader() {
  return loadScreen(async () => {
    const [subscribers, counts] = await Promise.all([api<Subscriber[]>('/subscriptions'), api<Counts>('/subscriptions/counts')]);
    return { subscribers: subscribers.data, counts: counts.data };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** Who receives the legal alerts (API-3.md "Alerts"): counts per topic and language, the list, its CSV, removal. */
export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { t, lang, timeZone, problem, defaultLanguage, languageName } = useAdmin();
  const text = (value: unknown) => pickText(value, lang, defaultLanguage);
  const revalidator = useRevalidator();
  const [filter, setFilter] = useState({ state: '', topic: '', search: '' });
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [actionError, setError] = useState('');
  const data = loaderData.data;
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const topicName = useMemo(() => new Map((data?.counts.byTopic ?? []).map((topic) => [topic._id, pickText(topic.title, lang, defaultLanguage)])), [data, lang, defaultLanguage]);
  const shown = (data?.subscribers ?? []).filter(
    (subscriber) => (!filter.state || subscriber.state === filter.state) && (!filter.topic || subscriber.topics.includes(filter.topic)) && subscriber.email.includes(filter.search.trim().toLowerCase()),
  );

  async function remove(subscriber: Subscriber) {
    setBusy(true);
    setError('');
    try {
      await api(`/subscriptions/${subscriber._id}`, { method: 'DELETE' });
      setRemoving(null);
      setNotice(t('subscribers.removed', { email: subscriber.email }));
      await revalidator.revalidate();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv() {
    setBusy(true);
    setError('');
    try {
      if (!(await downloadFile(`/subscriptions/export?lang=${lang === 'ru' || lang === 'uz' ? lang : 'en'}`, `subscribers-${dayIn(Date.now(), timeZone)}.csv`))) throw new Error(t('common.error'));
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageTitle
        actions={
          <button type="button" className={buttonClass.secondary} onClick={exportCsv} disabled={busy || !data?.subscribers.length}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('subscribers.export')}
          </button>
        }
      >
        {t('subscribers.title')}
      </PageTitle>
      <p className="mb-4 text-slate-700">{t('subscribers.intro')}</p>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {data && (
        <>
          <section aria-labelledby="subscriber-counts" className="mb-6 grid gap-4 lg:grid-cols-3">
            <h2 id="subscriber-counts" className="sr-only">
              {t('subscribers.counts')}
            </h2>
            <div className="rounded-xl bg-white p-4 shadow-sm">
              <dl className="space-y-1 text-sm">
                {STATES.map((state) => (
                  <div key={state} className="flex justify-between gap-4">
                    <dt className="text-slate-700">{t(STATE_TEXT[state])}</dt>
                    <dd className="font-semibold text-slate-900">{data.counts.byState[state]}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="rounded-xl bg-white p-4 shadow-sm">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('subscribers.byLanguage')}</h3>
              {Object.keys(data.counts.byLanguage).length === 0 ? (
                <p className="text-sm text-slate-600">—</p>
              ) : (
                <dl className="space-y-1 text-sm">
                  {Object.entries(data.counts.byLanguage).map(([code, count]) => (
                    <div key={code} className="flex justify-between gap-4">
                      <dt className="text-slate-700">{languageName(code)}</dt>
                      <dd className="font-semibold text-slate-900">{count}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
            <div className="rounded-xl bg-white p-4 shadow-sm">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('subscribers.byTopic')}</h3>
              <dl className="space-y-1 text-sm">
                {data.counts.byTopic.map((topic) => (
                  <div key={topic._id} className="flex justify-between gap-4">
                    <dt className="text-slate-700">{text(topic.title)}</dt>
                    <dd className="font-semibold text-slate-900">{topic.count}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </section>
          <div className="mb-4 grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor="subscriber-search" className="block text-sm font-medium text-slate-800">
                {t('subscribers.search')}
              </label>
              <input id="subscriber-search" type="search" value={filter.search} onChange={(event) => setFilter({ ...filter, search: event.target.value })} className={inputClass} />
            </div>
            <div>
              <label htmlFor="subscriber-state" className="block text-sm font-medium text-slate-800">
                {t('subscribers.state')}
              </label>
              <select id="subscriber-state" value={filter.state} onChange={(event) => setFilter({ ...filter, state: event.target.value })} className={inputClass}>
                <option value="">{t('subscribers.allStates')}</option>
                {STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(STATE_TEXT[state])}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="subscriber-topic" className="block text-sm font-medium text-slate-800">
                {t('subscribers.topic')}
              </label>
              <select id="subscriber-topic" value={filter.topic} onChange={(event) => setFilter({ ...filter, topic: event.target.value })} className={inputClass}>
                <option value="">{t('subscribers.allTopics')}</option>
                {data.counts.byTopic.map((topic) => (
                  <option key={topic._id} value={topic._id}>
                    {text(topic.title)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {data.subscribers.length === 0 ? (
            <EmptyList>{t('subscribers.empty')}</EmptyList>
          ) : shown.length === 0 ? (
            <EmptyList>{t('subscribers.noMatch')}</EmptyList>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" data-testid="subscribers">
              {shown.map((subscriber) => (
                <li key={subscriber._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm">
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      <span className="break-all">{subscriber.email}</span>
                      <Badge tone={STATE_TONE[subscriber.state]}>{t(STATE_TEXT[subscriber.state])}</Badge>
                    </p>
                    <p className="text-slate-700">
                      {languageName(subscriber.language)} · {subscriber.topics.map((topic) => topicName.get(topic) ?? '—').join(', ')}
                    </p>
                    <p className="text-slate-600">
                      {t('subscribers.since', { time: formatMoment(subscriber.createdAt, lang, timeZone) })}
                      {subscriber.confirmedAt && ` · ${t('subscribers.confirmedAt', { time: formatMoment(subscriber.confirmedAt, lang, timeZone) })}`}
                    </p>
                  </div>
                  <button type="button" className={buttonClass.secondary} onClick={() => setRemoving(subscriber)} aria-label={`${t('subscribers.remove')}: ${subscriber.email}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    {t('subscribers.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Dialog title={t('subscribers.remove')} open={removing !== null} onClose={() => setRemoving(null)}>
        {removing && (
          <div className="space-y-4">
            <p className="text-slate-800">{t('subscribers.removeConfirm', { email: removing.email })}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setRemoving(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className={buttonClass.danger} disabled={busy} onClick={() => remove(removing)}>
                {t('subscribers.remove')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
