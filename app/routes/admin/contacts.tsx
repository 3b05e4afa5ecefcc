import { Download, Eye, Mail, Trash } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { CONTACT_KINDS, CONTACT_STATUSES, MATTER_STATUSES, MESSAGE_STATUSES, type ContactStatus } from '../../../domain/contacts/contact-schema.ts';
import { IntakePanel } from '../../admin/intake-panel.tsx';
import { PersonalDataTools } from '../../admin/personal-data.tsx';
import { ConsentLookup } from '../../admin/consent-lookup.tsx';
import { DataFlows } from '../../admin/data-flows.tsx';
import { abilities, useAdmin, type AdminT } from '../../admin/admin-context.tsx';
import type { AdminTextKey } from '../../admin/admin-texts.ts';
import { api, loadScreen } from '../../admin/api.ts';
import { useListFilters } from '../../admin/list-filters.ts';
import { cellClass, ListTable, ListView, rowClass } from '../../admin/list-table.tsx';
import { buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle, PhoneLink } from '../../admin/ui.tsx';
import type { Route } from './+types/contacts';
import { formatMoment } from '../../admin/time-zone.ts';
import { dayIn } from '../../../domain/shared/days.ts';
import { ConflictCount, KindBadge, kindOf } from '../../admin/contact-kind.tsx';

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

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t, lang, refreshUnread, timeZone, user, problem } = useAdmin();
  const revalidator = useRevalidator();
  // Typing waits a moment before the server is asked.
  const { search, setSearch, filter, setFilter } = useListFilters(250);
  const status = filter('status');
  const kind = filter('kind');
  const items = loaderData.data?.items ?? null;
  const total = loaderData.data?.total ?? 0;
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

  // `width`: the card's whole width on a phone; elsewhere as wide as its longest status ("Проверка конфликта интересов"), never cut.
  const statusSelect = (item: StoredRecord, id: string, width = 'w-auto') => (
    <>
      <label htmlFor={id} className="sr-only">
        {t('common.status')}: {item.name}
      </label>
      <select id={id} value={item.status} onChange={(event) => setItemStatus(item, event.target.value)} className={`${inputClass.replace('w-full', width)} mt-0`}>
        {(kindOf(item) === 'matter' ? MATTER_STATUSES : MESSAGE_STATUSES).map((value) => (
          <option key={value} value={value}>
            {t(`contacts.status.${value}`)}
          </option>
        ))}
      </select>
    </>
  );

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
      {opened === null && (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('contacts.openMissing')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => setFilter('open', '')}>
            {t('common.close')}
          </button>
        </p>
      )}
      <RequestFilters search={search} onSearch={setSearch} status={status} kind={kind} onFilter={setFilter} />
      <ListView items={items} loading={items === null && !error} empty={t('contacts.empty')}>
        {(items) => <RequestList items={items} statusSelect={statusSelect} onOpen={openRequest} onDelete={setDeleting} />}
      </ListView>
      <Dialog title={t('common.delete')} open={deleting !== null} onClose={() => setDeleting(null)}>
        {deleting && (
          <div className="space-y-4">
            <p className="text-slate-800">{t('confirm.deleteSubmission')}</p>
            <p className="text-sm text-slate-600">
              {deleting.name} · {deleting.subject}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setDeleting(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className={buttonClass.danger} onClick={() => remove(deleting)}>
                {t('common.delete')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <Dialog title={open ? `${t('contacts.details')}: ${open.subject}` : ''} open={Boolean(open)} onClose={closeRequest} wide={open ? kindOf(open) !== 'message' : false}>
        {open && (
          <div className="space-y-4">
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <dt className="font-semibold text-slate-700">{t('contacts.from')}</dt>
              <dd className="col-span-2">{open.name}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.email')}</dt>
              <dd className="col-span-2 break-all">{open.email}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.phone')}</dt>
              <dd className="col-span-2">{open.phone ? <PhoneLink phone={String(open.phone)} /> : '—'}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.service')}</dt>
              <dd className="col-span-2">{(open.service) || '—'}</dd>
              <dt className="font-semibold text-slate-700">{t('contacts.received')}</dt>
              <dd className="col-span-2">{formatMoment(open.createdAt, lang, timeZone)}</dd>
            </dl>
            {open.message ? (
              <div>
                <h3 className="text-sm font-semibold text-slate-700">{t(kindOf(open) === 'application' ? 'contacts.letter' : 'contacts.message')}</h3>
                <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-3">{open.message}</p>
              </div>
            ) : null}
            <IntakePanel request={open} />
            <div className="flex flex-wrap items-center gap-3">
              <div>{statusSelect(open, 'dialog-status')}</div>
              <a href={`mailto:${open.email}?subject=${encodeURIComponent(`Re: ${open.subject}`)}`} className={buttonClass.primary}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {t('contacts.reply')}
              </a>
              <button type="button" className={buttonClass.danger} onClick={() => setDeleting(open)}>
                {t('common.delete')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      {abilities(user).administer && <DataFlows />}
      <PersonalDataTools
        onErased={() => {
          load();
          refreshUnread();
        }}
      />
      {abilities(user).lookUpConsents && <ConsentLookup />}
    </div>
  );
}

interface RequestListProps {
  items: readonly StoredRecord[];
  /** A request's status, changeable (`width`: the card's whole width on a phone). */
  statusSelect: (item: StoredRecord, id: string, width?: string) => ReactNode;
  onOpen: (item: StoredRecord) => void;
  onDelete: (item: StoredRecord) => void;
}

/** The requests: on a phone a card each, its status and actions in view; the table from 768 px. */
function RequestList({ items, statusSelect, onOpen, onDelete }: RequestListProps) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <>
      {/* On a phone: a card per request, its status and actions in view; the table from 768 px. */}
      <ul className="space-y-3 md:hidden" data-testid="contact-cards">
        {items.map((item) => (
          <li key={item._id} className={`rounded-xl bg-white p-4 shadow-sm ${item.status === 'new' ? 'border-l-4 border-accent-500' : ''}`}>
            <p className={`text-slate-900 ${item.status === 'new' ? 'font-semibold' : ''}`}>{item.name}</p>
            <p className="text-sm text-slate-700">
              <KindBadge item={item} />
              {item.subject}
              <ConflictCount item={item} />
            </p>
            <p className="mt-1 text-sm text-slate-600">{formatMoment(item.createdAt, lang, timeZone)}</p>
            {item.phone ? (
              <p className="mt-1 text-sm">
                <PhoneLink phone={String(item.phone)} />
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {/* The whole width: a new matter’s statuses are long words ("Manfaatlar to‘qnashuvi tekshiruvi"). */}
              <div className="w-full">{statusSelect(item, `card-status-${item._id}`, 'w-full')}</div>
              <button type="button" className={buttonClass.secondary} onClick={() => onOpen(item)} aria-label={`${t('contacts.details')}: ${item.name}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                {t('contacts.details')}
              </button>
              <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${item.name}`} onClick={() => onDelete(item)}>
                <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ListTable
        className="hidden md:block"
        heads={[
          { key: 'received', label: t('contacts.received') },
          { key: 'from', label: t('contacts.from') },
          { key: 'subject', label: t('contacts.subject') },
          { key: 'status', label: t('common.status') },
        ]}
      >
        {items.map((item) => (
          <tr key={item._id} className={`${rowClass} ${item.status === 'new' ? 'font-semibold' : ''}`}>
            <td className={`${cellClass} whitespace-nowrap`}>{formatMoment(item.createdAt, lang, timeZone)}</td>
            <td className={cellClass}>
              {item.name}
              <span className="block font-normal text-slate-600">{item.email}</span>
            </td>
            <td className={cellClass}>
              <KindBadge item={item} />
              {item.subject}
              <ConflictCount item={item} />
            </td>
            <td className={cellClass}>{statusSelect(item, `status-${item._id}`)}</td>
            <td className={cellClass}>
              <div className="flex justify-end gap-2">
                <button type="button" className={buttonClass.icon} aria-label={`${t('contacts.details')}: ${item.name}`} onClick={() => onOpen(item)}>
                  <Eye className="h-4 w-4" aria-hidden="true" />
                </button>
                <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${item.name}`} onClick={() => onDelete(item)}>
                  <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                </button>
              </div>
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

/** What the requests are filtered by: words, a status (or all waiting), a kind. */
function RequestFilters({ search, onSearch, status, kind, onFilter }: { search: string; onSearch: (search: string) => void; status: string; kind: string; onFilter: (name: string, value: string) => void }) {
  const { t } = useAdmin();
  return (
    <div className="mb-4 flex flex-wrap gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="min-w-48 flex-1">
        <label htmlFor="contacts-search" className="text-sm font-medium text-slate-800">
          {t('common.search')}
        </label>
        <input id="contacts-search" type="search" value={search} onChange={(event) => onSearch(event.target.value)} className={inputClass} />
      </div>
      <div>
        <label htmlFor="contacts-status" className="text-sm font-medium text-slate-800">
          {t('common.status')}
        </label>
        <select id="contacts-status" value={status} onChange={(event) => onFilter('status', event.target.value)} className={inputClass}>
          <option value="">{t('common.all')}</option>
          <option value="waiting">{t('contacts.status.waiting')}</option>
          {CONTACT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`contacts.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="contacts-kind" className="text-sm font-medium text-slate-800">
          {t('contacts.kindColumn')}
        </label>
        <select id="contacts-kind" value={kind} onChange={(event) => onFilter('kind', event.target.value)} className={inputClass}>
          <option value="">{t('contacts.kind.all')}</option>
          {CONTACT_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`contacts.kind.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
