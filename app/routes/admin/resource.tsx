import { Eye, Pencil, Plus, Trash } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, redirect, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { abilities, storedAdminLanguage, useAdmin } from '../../admin/admin-context.tsx';
import { api, ApiError, loadScreen } from '../../admin/api.ts';
import { listValue, shown } from '../../admin/display.ts';
import { useListFilters } from '../../admin/list-filters.ts';
import { StateBadge } from '../../admin/publishing.tsx';
import { fieldLabel, optionLabel } from '../../admin/field-labels.ts';
import { RecordForm } from '../../admin/record-form.tsx';
import { say } from '../../admin/words.ts';
import { formatDay, formatMoment } from '../../admin/time-zone.ts';
import { resourceByKey, type Resource } from '../../admin/resources.ts';
import { cellClass, EditingAvatars, ListTable, ListView, rowClass, selectCellClass, useListPresence } from '../../admin/list-table.tsx';
import type { Editor } from '../../admin/form/use-presence.ts';
import { AllCheckbox, BulkBar, RowCheckbox, useBulkActions, type BulkState } from '../../admin/bulk-actions.tsx';
import { Badge, buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle, Pager, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/resource';

type Editing = { record?: StoredRecord } | null;
/** Rows of a paginated list (news, blog) per page, with a pager below. */
const ADMIN_PAGE_SIZE = 50;

/**
 * A list reads what its rows show (`view=list`: no document, decision 019); a form reads its record
 * whole as it opens. Paginated types (news, blog) are filtered by the server, page by page; the
 * others are read whole and filtered here by state and category, and searched by the server (the
 * words of their documents are not in the list), so only typing in their search box reads again.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const resource = resourceByKey(params.resource);
  if (!resource) throw redirect('/admin');
  const url = new URL(request.url);
  const [search, status, category] = ['search', 'status', 'category'].map((name) => url.searchParams.get(name) ?? '');
  return loadScreen(async () => {
    if (!resource.paginated) {
      const query = new URLSearchParams({ admin: 'true', view: 'list', lang: storedAdminLanguage() });
      if (search) query.set('search', search);
      const result = await api<StoredRecord[]>(`${resource.path}?${query}`);
      return { records: result.data, total: result.data.length, page: 1, pages: 1 };
    }
    const page = /^\d{1,6}$/.test(url.searchParams.get('page') ?? '') ? url.searchParams.get('page')! : '1';
    const query = new URLSearchParams({ admin: 'true', view: 'list', page, limit: String(ADMIN_PAGE_SIZE), lang: storedAdminLanguage() });
    if (status && status !== 'all') query.set('status', status);
    if (category) query.set('category', category);
    if (search) query.set('search', search);
    const result = await api<StoredRecord[]>(`${resource.path}?${query}`);
    return { records: result.data, total: result.pagination?.total ?? result.data.length, page: result.pagination?.page ?? 1, pages: result.pagination?.pages ?? 1 };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** A changed state or category of a list read whole reads nothing again; its search, a save or a retry does. */
export function shouldRevalidate({ currentUrl, nextUrl, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlyFilters = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  const sameSearch = currentUrl.searchParams.get('search') === nextUrl.searchParams.get('search');
  if (onlyFilters && sameSearch && !resourceByKey(nextParams.resource)?.paginated) return false;
  return defaultShouldRevalidate;
}

export default function ResourceList({ loaderData, params }: Route.ComponentProps) {
  const resource = resourceByKey(params.resource);
  if (!resource) return <Navigate to="/admin" replace />;
  return <ResourceScreen key={resource.key} resource={resource} loaded={loaderData} />;
}

function ResourceScreen({ resource, loaded }: { resource: Resource; loaded: Route.ComponentProps['loaderData'] }) {
  const { t, lang, defaultLanguage, user, problem, timeZone } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const can = abilities(user);
  const revalidator = useRevalidator();
  // Typing waits a moment before it asks the server.
  const { search, setSearch, filter, setFilter } = useListFilters(250);
  const status = filter('status') || 'all';
  const category = filter('category');
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const records = loaded.data?.records ?? null;
  const openBy = useListPresence(resource.key, records);
  // Opened from the translation status (?edit={id}&lang=ru): that record's form, on that language.
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  useEffect(() => {
    if (editId && records?.some((record) => record._id === editId)) void openForm(editId);
  }, [editId, records]);
  const total = loaded.data?.total ?? 0;
  const error = actionError || (loaded.failed ? problem(loaded.problem, 'common.error') : '');
  const text = (value: unknown) => shown(value, lang, defaultLanguage);
  // The line under a record's name: a moment in the firm's time (an event's start), a choice in the admin's words.
  const subtitleSpec = resource.fields.find((field) => field.name === resource.subtitleField);
  const subtitleOf = (value: unknown) =>
    (subtitleSpec?.kind === 'datetime' || subtitleSpec?.kind === 'date') && typeof value === 'string' && value
      ? subtitleSpec.kind === 'date' ? formatDay(value, lang, timeZone) : formatMoment(value, lang, timeZone)
      : optionLabel(text(value), lang, subtitleSpec?.kind === 'select' ? subtitleSpec.labels : undefined);
  const hasOrder = resource.fields.some((field) => field.name === 'order');
  const load = () => {
    setActionError('');
    void revalidator.revalidate();
  };

  const visible = (records ?? []).filter((record) => {
    if (resource.paginated) return true;
    if (status === 'active' && !record.isActive) return false;
    if (status === 'inactive' && record.isActive) return false;
    if ((status === 'scheduled' || status === 'expired') && record.publicState !== status) return false;
    if (category && resource.categoryFilter && text(record[resource.categoryFilter.field]) !== category) return false;
    return true;
  });
  // Checkboxes and the bar of actions over the chosen rows of this page (app/admin/bulk-actions.tsx).
  const bulk = useBulkActions({ path: resource.path, ids: visible.map((record) => record._id), names: (id) => text(records?.find((record) => record._id === id)?.[resource.titleField]), onChanged: () => revalidator.revalidate() });
  const categories = resource.categoryFilter
    ? [...new Set((records ?? []).map((record) => text(record[resource.categoryFilter!.field])).filter(Boolean))].sort((a, b) => a.localeCompare(b, lang))
    : [];

  /** A record's form in a dialog or above the list: the list holds only what its row shows, so the record is read whole first. */
  async function openForm(id: string) {
    setBusy(`open:${id}`);
    setActionError('');
    try {
      setEditing({ record: (await api<StoredRecord>(`${resource.path}/${id}?admin=true`)).data });
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setBusy(null);
    }
  }

  async function toggle(record: StoredRecord, field: string) {
    setBusy(record._id + field);
    setActionError('');
    try {
      await api<StoredRecord>(`${resource.path}/${record._id}`, { method: 'PUT', body: { [field]: !record[field], version: record.version } });
      await revalidator.revalidate();
    } catch (caught) {
      const stale = caught instanceof ApiError && caught.reason === 'stale_version';
      if (stale) await revalidator.revalidate();
      setActionError(stale ? t('common.conflict') : problem(caught, 'common.error'));
    } finally {
      setBusy(null);
    }
  }

  async function remove(record: StoredRecord) {
    if (!(await ask({ message: say(resource.confirmDelete, lang), confirm: t('common.delete'), danger: true }))) return;
    setActionError('');
    try {
      await api(`${resource.path}/${record._id}`, { method: 'DELETE' });
      await revalidator.revalidate();
      setNotice(t('common.deleted'));
    } catch (caught) {
      setActionError(caught instanceof ApiError && caught.status !== 0 ? say(resource.deleteFailed, lang) : `${t('common.error')}`);
    }
  }

  function saved() {
    setEditing(null);
    setNotice(t('common.saved'));
    load();
  }

  const createButton =
    resource.placement === 'page' ? (
      <Link to={`/admin/${resource.key}/new`} className={buttonClass.primary}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('common.create')}
      </Link>
    ) : (
      <button type="button" className={buttonClass.primary} onClick={() => setEditing({})}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('common.create')}
      </button>
    );

  const form = editing && <RecordForm resource={resource} record={editing.record} onSaved={saved} onCancel={() => setEditing(null)} />;

  return (
    <div>
      {confirmDialog}
      <PageTitle actions={can.editContent ? createButton : undefined}>
        {say(resource.title, lang)} <span className="text-base font-normal text-slate-600">({t('common.count', { count: total })})</span>
      </PageTitle>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={load} />}
      {resource.placement === 'inline' && editing && <section className="mb-6 rounded-xl bg-white p-6 shadow-sm">{form}</section>}
      {resource.placement === 'modal' && (
        <Dialog title={editing?.record ? t('common.edit') : t('common.create')} open={Boolean(editing)} onClose={() => setEditing(null)} wide>
          {form}
        </Dialog>
      )}
      {(resource.searchFields.length > 0 || resource.statusFilter || resource.categoryFilter) && (
        <div className="mb-4 flex flex-wrap gap-3 rounded-xl bg-white p-4 shadow-sm">
          {resource.searchFields.length > 0 && (
            <div className="min-w-48 flex-1">
              <label htmlFor="list-search" className="text-sm font-medium text-slate-800">
                {t('common.search')}
              </label>
              <input id="list-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} />
            </div>
          )}
          {resource.statusFilter && (
            <div>
              <label htmlFor="list-status" className="text-sm font-medium text-slate-800">
                {t('common.status')}
              </label>
              <select id="list-status" value={status} onChange={(event) => setFilter('status', event.target.value)} className={inputClass}>
                <option value="all">{t('common.all')}</option>
                {resource.statusFilter === 'active' ? (
                  <>
                    <option value="active">{t('common.active')}</option>
                    <option value="inactive">{t('common.inactive')}</option>
                  </>
                ) : (
                  <>
                    <option value="published">{t('common.published')}</option>
                    <option value="draft">{t('common.draft')}</option>
                  </>
                )}
                {resource.type.scheduleFields && (
                  <>
                    <option value="scheduled">{t('state.scheduledFilter')}</option>
                    <option value="expired">{t('state.expiredFilter')}</option>
                  </>
                )}
              </select>
            </div>
          )}
          {resource.categoryFilter && (
            <div>
              <label htmlFor="list-category" className="text-sm font-medium text-slate-800">
                {fieldLabel(resource.categoryFilter.field, lang, resource.labels)}
              </label>
              <select id="list-category" value={category} onChange={(event) => setFilter('category', event.target.value)} className={inputClass}>
                <option value="">{t('common.all')}</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
      {can.editContent && <BulkBar bulk={bulk} publishable={Boolean(resource.type.visibilityField)} />}
      <ListView items={visible} loading={records === null && !error} empty={(records ?? []).length === 0 && !filter('search') ? t('common.empty') : t('common.noMatch')}>
        {() => (
          <ListTable
            select={can.editContent ? <AllCheckbox bulk={bulk} /> : undefined}
            heads={[
              { key: resource.titleField, label: fieldLabel(resource.titleField, lang, resource.labels) },
              ...resource.toggles.map((toggle) => ({ key: toggle, label: fieldLabel(toggle, lang, resource.labels) })),
              ...(hasOrder ? [{ key: 'order', label: t('common.order') }] : []),
            ]}
          >
            {visible.map((record) => (
              <RecordRow key={record._id} bulk={can.editContent ? bulk : undefined} resource={resource} record={record} text={text} subtitleOf={subtitleOf} busy={busy} onToggle={(flag) => toggle(record, flag)} onEdit={() => void openForm(record._id)} onRemove={() => remove(record)} editors={openBy.get(record._id)} />
            ))}
          </ListTable>
        )}
      </ListView>
      {loaded.data && <Pager page={loaded.data.page} pages={loaded.data.pages} onPage={(page) => setFilter('page', String(page))} />}
    </div>
  );
}

interface RecordRowProps {
  /** The list's chosen rows, when the user may act on many at once. */
  bulk?: BulkState;
  resource: Resource;
  record: StoredRecord;
  /** A value in the admin's language. */
  text: (value: unknown) => string;
  /** The line under the record's name. */
  subtitleOf: (value: unknown) => string;
  /** The toggle being saved (record id + field). */
  busy: string | null;
  onToggle: (flag: string) => void;
  onEdit: () => void;
  onRemove: () => void;
  /** Who else has the record open. */
  editors?: readonly Editor[];
}

/** A record's row: its name (its state, the line under it, a missing picture, its chips), its toggles, its order, its actions. */
function RecordRow({ bulk, resource, record, text, subtitleOf, busy, onToggle, onEdit, onRemove, editors }: RecordRowProps) {
  const { t, lang, user } = useAdmin();
  const can = abilities(user);
  const hasOrder = resource.fields.some((field) => field.name === 'order');
  const name = text(record[resource.titleField]);
  const chips = resource.chips ? listValue(record[resource.chips.field]) : [];
  return (
    <tr className={`${rowClass} align-top`}>
      {bulk && (
        <td className={selectCellClass}>
          <RowCheckbox bulk={bulk} id={record._id} name={name} />
        </td>
      )}
      <td className={cellClass}>
        <p className="font-semibold text-slate-900">
          {name}
          <EditingAvatars editors={editors} />
        </p>
        {(record.publicState === 'scheduled' || record.publicState === 'expired') && <StateBadge state={record.publicState} record={record} type={resource.type} />}
        {resource.subtitleField && <p className="text-slate-600">{subtitleOf(record[resource.subtitleField])}</p>}
        {resource.askForPicture && !record[resource.askForPicture] && can.editContent && (
          <Link to={`/admin/${resource.key}/${record._id}/edit#field-${resource.askForPicture}`} className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-amber-800 underline-offset-2 hover:underline">
            {t('list.addPicture')}
            <span className="sr-only"> ({name})</span>
          </Link>
        )}
        {chips.length > 0 && (
          <p className="mt-1 flex flex-wrap gap-1">
            {chips.slice(0, resource.chips!.shown).map((chip, index) => (
              <Badge key={index} tone="blue">
                {text(chip)}
              </Badge>
            ))}
            {chips.length > resource.chips!.shown && <Badge tone="gray">{t('common.moreTags', { count: chips.length - resource.chips!.shown })}</Badge>}
          </p>
        )}
      </td>
      {resource.toggles.map((flag) => {
        const on = Boolean(record[flag]);
        const what = fieldLabel(flag, lang, resource.labels);
        return (
          <td key={flag} className={cellClass}>
            <button
              type="button"
              aria-pressed={on}
              title={on ? t('common.toggleOff', { what }) : t('common.toggleOn', { what })}
              disabled={busy === record._id + flag || !can.editContent}
              onClick={() => onToggle(flag)}
              className={`min-h-9 rounded-full px-3 text-xs font-semibold ${on ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
            >
              <span className="sr-only">
                {what}: {name}:{' '}
              </span>
              {on ? t('common.yes') : t('common.no')}
            </button>
          </td>
        );
      })}
      {hasOrder && <td className={cellClass}>{String(record.order ?? '')}</td>}
      <td className={cellClass}>
        <div className="flex justify-end gap-2">
          {resource.placement === 'page' && (
            <Link to={`/admin/${resource.key}/${record._id}`} className={buttonClass.icon} aria-label={`${t('common.view')}: ${name}`}>
              <Eye className="h-4 w-4" aria-hidden="true" />
            </Link>
          )}
          {resource.placement === 'page' ? (
            <Link to={`/admin/${resource.key}/${record._id}/edit`} className={buttonClass.icon} aria-label={`${t('common.edit')}: ${name}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : (
            <button type="button" className={buttonClass.icon} aria-label={`${t('common.edit')}: ${name}`} disabled={busy === `open:${record._id}`} onClick={onEdit}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
          {can.editContent && (
            <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${name}`} onClick={onRemove}>
              <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
