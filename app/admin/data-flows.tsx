import { Database, Mail, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { ErrorNotice, Loading } from './ui.tsx';

type Switch = 'emailRequests' | 'telegramRequests' | 'telegramPersonalData';
interface Privacy {
  retentionDays: number;
  emailRequests: boolean;
  telegramRequests: boolean;
  telegramPersonalData: boolean;
}
interface Channels {
  email: { configured: boolean };
  configured: boolean;
  personalData: boolean | null;
}

/**
 * Where a visitor's request goes: the database (kept so many days, then anonymised), e-mail and
 * Telegram, each with a switch that saves at once (a channel the server is not set up for says so).
 */
export function DataFlows() {
  const { t, problem } = useAdmin();
  const [privacy, setPrivacy] = useState<Privacy | null>(null);
  const [channels, setChannels] = useState<Channels | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  const load = async () => {
    const [site, state] = await Promise.all([api<{ privacy: Privacy }>('/site-config'), api<Channels>('/notifications/telegram')]);
    setPrivacy(site.data.privacy);
    setChannels(state.data);
  };
  const [loadError, setLoadError] = useState('');
  const reload = () => {
    setLoadError('');
    load().catch((caught: unknown) => setLoadError(problem(caught, 'common.error')));
  };
  // Loaded once with the screen.
  useEffect(reload, []);

  async function toggle(name: Switch, on: boolean) {
    setError('');
    setSaved('');
    try {
      // The whole configuration as stored now, with this one switch changed.
      const site = (await api<{ privacy: Privacy; version: number }>('/site-config')).data;
      const result = await api<{ privacy: Privacy }>('/site-config', { method: 'PUT', body: { ...site, privacy: { ...site.privacy, [name]: on } } });
      setPrivacy(result.data.privacy);
      setSaved(t('common.saved'));
    } catch (caught) {
      setError(problem(caught, 'common.saveError'));
    }
  }

  const row = (icon: React.ReactNode, title: string, text: string, control?: React.ReactNode) => (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <span className="mt-0.5 text-brand-700">{icon}</span>
      <span className="min-w-48 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-700">{text}</span>
      </span>
      {control}
    </li>
  );
  const switchFor = (name: Switch, label: string, disabled: boolean) =>
    privacy && (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" role="switch" checked={privacy[name]} disabled={disabled} onChange={(event) => void toggle(name, event.target.checked)} className="h-5 w-5" />
        {label}
      </label>
    );

  return (
    <section aria-labelledby="data-flows-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm" data-testid="data-flows">
      <h2 id="data-flows-title" className="text-lg font-semibold text-brand-900">
        {t('flows.title')}
      </h2>
      {loadError && <ErrorNotice message={loadError} onRetry={reload} />}
      {!privacy && !loadError && <Loading />}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {saved}
        </p>
      )}
      {privacy && channels && (
        <ul className="mt-2 divide-y divide-slate-100">
          {row(<Database className="h-5 w-5" aria-hidden="true" />, t('flows.database'), t('flows.databaseText', { days: privacy.retentionDays }))}
          {row(
            <Mail className="h-5 w-5" aria-hidden="true" />,
            t('flows.email'),
            channels.email.configured ? t('flows.emailText') : t('flows.emailOff'),
            switchFor('emailRequests', t('flows.send'), !channels.email.configured),
          )}
          {row(
            <Send className="h-5 w-5" aria-hidden="true" />,
            'Telegram',
            channels.configured ? (channels.personalData ? t('flows.telegramText') : t('flows.telegramServerNoData')) : t('flows.telegramOff'),
            <span className="flex flex-col gap-2">
              {switchFor('telegramRequests', t('flows.send'), !channels.configured)}
              {switchFor('telegramPersonalData', t('flows.withData'), !channels.configured || !channels.personalData || !privacy.telegramRequests)}
            </span>,
          )}
        </ul>
      )}
    </section>
  );
}
