import { Download, Trash } from 'lucide-react';
import { useState } from 'react';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { buttonClass, inputClass, useConfirm } from './ui.tsx';

/**
 * A person's rights over what they sent: download every request sent with their e-mail, or erase
 * them all (after a confirmation naming how many).
 */
export function PersonalDataTools({ onErased }: { onErased: () => void }) {
  const { t, problem } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(): Promise<StoredRecord[] | undefined> {
    setMessage(null);
    try {
      return (await api<StoredRecord[]>(`/contact/export?email=${encodeURIComponent(email.trim())}`)).data;
    } catch (caught) {
      setMessage({ ok: false, text: problem(caught, 'common.error') });
      return undefined;
    }
  }

  async function download() {
    setBusy(true);
    const found = await find();
    setBusy(false);
    if (!found) return;
    if (!found.length) {
      setMessage({ ok: false, text: t('privacy.none') });
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' }));
    link.download = `personal-data-${email.trim().replace(/[^a-z0-9@._-]/gi, '_')}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
    setMessage({ ok: true, text: t('privacy.exported', { count: found.length }) });
  }

  async function erase() {
    setBusy(true);
    const found = await find();
    if (!found) {
      setBusy(false);
      return;
    }
    if (!found.length) {
      setBusy(false);
      setMessage({ ok: false, text: t('privacy.none') });
      return;
    }
    if (!(await ask({ message: t('privacy.confirmErase', { count: found.length, email: email.trim() }), confirm: t('privacy.erase'), danger: true }))) {
      setBusy(false);
      return;
    }
    try {
      const result = await api<{ deleted: number }>(`/contact/by-email?email=${encodeURIComponent(email.trim())}`, { method: 'DELETE' });
      setMessage({ ok: true, text: t('privacy.erased', { count: result.data.deleted }) });
      onErased();
    } catch (caught) {
      setMessage({ ok: false, text: problem(caught, 'common.error') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="personal-data-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
      {confirmDialog}
      <h2 id="personal-data-title" className="text-lg font-semibold text-brand-900">
        {t('privacy.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('privacy.intro')}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <div className="min-w-56 flex-1">
          <label htmlFor="personal-data-email" className="text-sm font-medium text-slate-800">
            {t('privacy.email')}
          </label>
          <input id="personal-data-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} className={inputClass} autoComplete="off" />
        </div>
        <button type="submit" className={buttonClass.secondary} disabled={busy || !email.trim()}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('privacy.export')}
        </button>
        <button type="button" className={buttonClass.danger} disabled={busy || !email.trim()} onClick={erase}>
          <Trash className="h-4 w-4" aria-hidden="true" />
          {t('privacy.erase')}
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-green-800' : 'text-red-700'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
