import { Phone } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAdmin } from './admin-context.tsx';
import { telHref } from '../../domain/shared/phone.ts';

/* The admin area's shared pieces: one way to show loading, errors, notices, dialogs and pages. */

export function AdminLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      <span className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden="true" />
      Loading… · Yuklanmoqda… · Загрузка…
    </div>
  );
}

export function Loading() {
  const { t } = useAdmin();
  return (
    <p role="status" className="py-10 text-center text-slate-600">
      {t('app.loading')}
    </p>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useAdmin();
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function SuccessNotice({ message }: { message: string }) {
  return (
    <p role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-green-800">
      {message}
    </p>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-brand-900">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export const buttonClass = {
  primary: 'inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60',
  secondary: 'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60',
  danger: 'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50',
  small: 'inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 px-2.5 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50',
  icon: 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:opacity-50',
};

export const inputClass = 'mt-1 block min-h-10 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-600';

/** A modal dialog: focus moves in, Tab stays inside, Escape closes, focus returns to the opener. */
export function Dialog({ title, open, onClose, children, wide = false }: { title: string; open: boolean; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Unique: a dialog can open over another (the image library over a form in a dialog).
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const { t } = useAdmin();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50 ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
    >
      {open && (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold text-brand-900">
              {title}
            </h2>
            <button type="button" onClick={onClose} className={buttonClass.icon} aria-label={t('common.close')}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

interface Question {
  message: string;
  /** The confirming button's words (Delete, Sign out…); "Yes, continue" when not given. */
  confirm?: string;
  cancel?: string;
  /** A red confirming button: the action destroys something. */
  danger?: boolean;
}

/**
 * Asks in the admin's own dialog, in its language, instead of the browser's confirm(): `ask`
 * answers true when the person confirms; Escape, the × and Cancel answer false. Render `dialog`.
 */
export function useConfirm(): { ask: (question: Question) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useAdmin();
  const [asking, setAsking] = useState<(Question & { answer: (yes: boolean) => void }) | null>(null);
  const ask = useCallback((question: Question) => new Promise<boolean>((answer) => setAsking({ ...question, answer })), []);
  const close = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const dialog = (
    <Dialog title={t('confirm.title')} open={asking !== null} onClose={() => close(false)}>
      {asking && (
        <div className="space-y-4">
          <p className="text-slate-800">{asking.message}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => close(false)}>
              {asking.cancel ?? t('common.cancel')}
            </button>
            <button type="button" className={asking.danger ? buttonClass.danger : buttonClass.primary} onClick={() => close(true)}>
              {asking.confirm ?? t('confirm.yes')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
  return { ask, dialog };
}

export function Badge({ tone, children }: { tone: 'green' | 'gray' | 'amber' | 'blue' | 'red'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    gray: 'bg-slate-200 text-slate-800',
    amber: 'bg-amber-100 text-amber-900',
    blue: 'bg-brand-100 text-brand-900',
    red: 'bg-red-100 text-red-900',
  };
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** Previous and next page of a long list, with where the reader is; nothing when it fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useAdmin();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previousPage')}
      </button>
      <span className="text-sm font-medium text-slate-800">{t('common.pageOf', { page, pages })}</span>
      <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.nextPage')}
      </button>
    </nav>
  );
}

/** A phone number as a call link (a phone dials it); the digits as written. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
      <Phone className="h-4 w-4" aria-hidden="true" />
      {phone}
    </a>
  );
}

