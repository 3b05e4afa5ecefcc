import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { CONTACT_STATUSES, type ContactStatus } from '../../../domain/contacts/contact-schema.ts';
import { ContactFilters, ContactList, DeleteRequestDialog, RequestDialog, type RequestActions } from '../../admin/contact-requests.tsx';
import { PersonalDataTools } from '../../admin/personal-data.tsx';
import { DataFlows } from '../../admin/data-flows.tsx';
import { abilities, useAdmin, type AdminT } from '../../admin/admin-context.tsx';
import type { AdminTextKey } from '../../admin/admin-texts.ts';
import { api, loadScreen } from '../../admin/api.ts';
import { useListFilters } from '../../admin/list-filters.ts';
import { buttonClass, ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/contacts';
import { dayIn } from '../../../domain/shared/days.ts';
import { kindOf } from '../../admin/contact-kind.tsx';

/** The CSV's columns and their names in the admin's language. */
const CSV_COLUMNS: Array<[string, AdminTextKey]> = [
  ['createdAt', 'contacts.received'],
  ['kind', 'contacts.kindColumn'],
  ['status', 'contacts.statusColumn'],
  ['name', 'contacts.from'],
  ['email', 'contacts.email'],
  ['phone', 'contacts.phone'],
  ['service', 'contacts.service'],
  ['subject', 'contacts.subject'],
  ['message', 'contacts.message'],
  ['company', 'contacts.company'],
  ['tin', 'contacts.tin'],
  ['counterparties', 'contacts.counterparties'],
];
const isStatus = (value: unknown): value is ContactStatus => CONTACT_STATUSES.some((status) => status === value);

/**
 * CSV that opens correctly in Excel: UTF-8 with BOM, every cell quoted, formulas neutralised; the
 * column names and statuses in the admin's language, times in the firm's zone (2026-11-26 14:05).
 */
export function toCsv(rows: StoredRecord[], t: AdminT, timeZone: string): string {
  const cell = (value: unknown) => {
    let text = String(value ?? '');
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  const time = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  const shown = (row: StoredRecord, column: string) => {
    if (column === 'createdAt') return typeof row.createdAt === 'string' ? time.format(new Date(row.createdAt)) : '';
    if (column === 'status') return isStatus(row.status) ? t(`contacts.status.${row.status}`) : row.status;
    if (column === 'kind') return t(`contacts.kind.${kindOf(row)}`);
    if (column === 'counterparties') return Array.isArray(row.counterparties) ? row.counterparties.join('; ') : '';
    return row[column];
  };
  const header = CSV_COLUMNS.map(([, key]) => cell(t(key))).join(',');
  return `\uFEFF${[header, ...rows.map((row) => CSV_COLUMNS.map(([column]) => cell(shown(row, column))).join(','))].join('\r\n')}\r\n`;
}

/** The newest 100 requests; status and search live in the address (?status=&search=). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page: '1', limit: '100' });
  for (const name of ['status', 'search', 'kind']) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  // ?open=<id>: the link in the firm's e-mail opens that request (null: there is none by that id).
  const opened = url.searchParams.get('open');
  return loadScreen(async () => {
    const [result, request] = await Promise.all([api<StoredRecord[]>(`/contact?${query}`), opened ? api<StoredRecord>(`/contact/${encodeURIComponent(opened)}`).then((found) => found.data, () => null) : undefined]);
    return { items: result.data, total: result.pagination?.total ?? result.data.length, opened: request };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** The screen's state and what it does: a request opened (and so read), its status set, deleted, the CSV. */
function useContactRequests(loaderData: Route.ComponentProps['loaderData'], { filter, setFilter }: ReturnType<typeof useListFilters>) {
  const { t, refreshUnread, timeZone, problem } = useAdmin();
  const revalidator = useRevalidator();
  const status = filter('status');
  const kind = filter('kind');
  const [actionError, setError] = useState('');
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const opened = loaderData.data?.opened;
  const [open, setOpen] = useState<StoredRecord | null>(opened ?? null);
  const load = () => {
    setError('');
    void revalidator.revalidate();
  };

  // Deleting asks first, in the admin's own dialog (not the browser's).
  const [deleting, setDeleting] = useState<StoredRecord | null>(null);

  async function setItemStatus(item: StoredRecord, next: string) {
    try {
      const saved = await api<StoredRecord>(`/contact/${item._id}`, { method: 'PUT', body: { status: next } });
      await revalidator.revalidate();
      setOpen((current) => (current?._id === item._id ? saved.data : current));
      refreshUnread();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  /** Opening a new request marks it read (the badge in the menu counts what nobody opened). */
  function openRequest(item: StoredRecord) {
    setOpen(item);
    if (item.status === 'new') void setItemStatus(item, 'read');
  }
  // Opened by the e-mail's link (?open=): as if from the list, once per request.
  useEffect(() => {
    if (opened) openRequest(opened);
  }, [opened?._id]);
  /** Closing forgets ?open= (a reload then shows the list, not the request again). */
  function closeRequest() {
    setOpen(null);
    if (filter('open')) setFilter('open', '');
  }

  async function remove(item: StoredRecord) {
    setDeleting(null);
    try {
      await api(`/contact/${item._id}`, { method: 'DELETE' });
      await revalidator.revalidate();
      closeRequest();
      refreshUnread();
    } catch {
      setError(t('error.deleteSubmission'));
    }
  }

  async function exportCsv() {
    const all: StoredRecord[] = [];
    for (let page = 1; ; page += 1) {
      const result = await api<StoredRecord[]>(`/contact?page=${page}&limit=100${status ? `&status=${status}` : ''}${kind ? `&kind=${kind}` : ''}`);
      all.push(...result.data);
      if (page >= (result.pagination?.pages ?? 1)) break;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([toCsv(all, t, timeZone)], { type: 'text/csv;charset=utf-8' }));
    link.download = `contact-requests-${dayIn(Date.now(), timeZone)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const actions: RequestActions = { open: openRequest, setStatus: setItemStatus, askDelete: setDeleting };
  return { error, load, open, closeRequest, deleting, setDeleting, remove, exportCsv, actions };
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t, refreshUnread, user } = useAdmin();
  // Typing waits a moment before the server is asked.
  const filters = useListFilters(250);
  const { search, setSearch, filter, setFilter } = filters;
  const items = loaderData.data?.items ?? null;
  const total = loaderData.data?.total ?? 0;
  const { error, load, open, closeRequest, deleting, setDeleting, remove, exportCsv, actions } = useContactRequests(loaderData, filters);

  return (
    <div>
      <PageTitle
        actions={
          <button type="button" className={buttonClass.secondary} onClick={exportCsv} disabled={!items?.length}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('contacts.exportCsv')}
          </button>
        }
      >
        {t('contacts.title')} <span className="text-base font-normal text-slate-600">({t('common.count', { count: total })})</span>
      </PageTitle>
      {error && <ErrorNotice message={error} onRetry={load} />}
      {loaderData.data?.opened === null && (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('contacts.openMissing')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => setFilter('open', '')}>
            {t('common.close')}
          </button>
        </p>
      )}
      <ContactFilters search={search} onSearch={setSearch} status={filter('status')} kind={filter('kind')} setFilter={setFilter} />
      {items === null && !error ? (
        <Loading />
      ) : !items?.length ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm">{t('contacts.empty')}</p>
      ) : (
        <ContactList items={items} actions={actions} />
      )}
      <DeleteRequestDialog deleting={deleting} onCancel={() => setDeleting(null)} onDelete={remove} />
      <RequestDialog open={open} onClose={closeRequest} actions={actions} />
      {abilities(user).administer && <DataFlows />}
      <PersonalDataTools
        onErased={() => {
          load();
          refreshUnread();
        }}
      />
    </div>
  );
}
