import { useEffect, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { formatMoment } from './time-zone.ts';

interface Log {
  sentAt: string | null;
  subscribers: number;
  waiting: number;
  sent: number;
  failed: number;
  lastError: string | null;
}

/**
 * The sending log of an article that notifies subscribers (API-3.md "Alerts"): not sent yet, or
 * when it went out, to how many, and how many e-mails wait or were given up (with the reason).
 */
export function AlertLog({ path, version }: { path: string; version: number }) {
  const { t, lang, timeZone } = useAdmin();
  const [log, setLog] = useState<Log | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<Log>(`${path}/alerts`).then(
      (found) => setLog(found.data),
      () => setFailed(true),
    );
  }, [path, version]);
  if (failed) return <p className="text-sm text-red-700">{t('alerts.unreadable')}</p>;
  if (!log) return null;
  return (
    <section aria-labelledby="alert-log" data-testid="alert-log" className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <h2 id="alert-log" className="font-semibold text-slate-900">
        {t('alerts.title')}
      </h2>
      {!log.sentAt ? (
        <p>{t('alerts.notYet')}</p>
      ) : (
        <p>
          {t('alerts.sent', { time: formatMoment(log.sentAt, lang, timeZone), count: log.subscribers })}
          {log.waiting > 0 && ` · ${t('alerts.waiting', { count: log.waiting })}`}
          {log.failed > 0 && <strong className="text-red-700">{` · ${t('alerts.failed', { count: log.failed })}`}</strong>}
        </p>
      )}
      {log.lastError && <p className="text-red-700">{log.lastError}</p>}
    </section>
  );
}
