import { Eye, Mail, Trash } from 'lucide-react';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { CONTACT_KINDS, CONTACT_STATUSES, MATTER_STATUSES, MESSAGE_STATUSES } from '../../domain/contacts/contact-schema.ts';
import { useAdmin } from './admin-context.tsx';
import { ConflictCount, KindBadge, kindOf } from './contact-kind.tsx';
import { IntakePanel } from './intake-panel.tsx';
import { formatMoment } from './time-zone.ts';
import { buttonClass, Dialog, inputClass, PhoneLink } from './ui.tsx';

/* The contact requests screen's sections (app/routes/admin/contacts.tsx holds its state and actions). */

/** What a request's row, card and dialog may do. */
export interface RequestActions {
  open(item: StoredRecord): void;
  setStatus(item: StoredRecord, next: string): void;
  askDelete(item: StoredRecord): void;
}

/**
 * A request's status, chosen among its kind's. `width`: the card's whole width on a phone;
 * elsewhere as wide as its longest status ("Проверка конфликта интересов"), never cut.
 */
function StatusSelect({ item, id, width = 'w-auto', onChange }: { item: StoredRecord; id: string; width?: string; onChange: RequestActions['setStatus'] }) {
  const { t } = useAdmin();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('common.status')}: {item.name}
      </label>
      <select id={id} value={item.status} onChange={(event) => onChange(item, event.target.value)} className={`${inputClass.replace('w-full', width)} mt-0`}>
        {(kindOf(item) === 'matter' ? MATTER_STATUSES : MESSAGE_STATUSES).map((value) => (
          <option key={value} value={value}>
            {t(`contacts.status.${value}`)}
          </option>
        ))}
      </select>
    </>
  );
}

/** Search, status and kind: they live in the address (?status=&search=&kind=). */
export function ContactFilters({ search, onSearch, status, kind, setFilter }: { search: string; onSearch: (value: string) => void; status: string; kind: string; setFilter: (name: string, value: string) => void }) {
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
        <select id="contacts-status" value={status} onChange={(event) => setFilter('status', event.target.value)} className={inputClass}>
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
        <select id="contacts-kind" value={kind} onChange={(event) => setFilter('kind', event.target.value)} className={inputClass}>
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

/** On a phone: a card per request, its status and actions in view; the table from 768 px. */
export function ContactList({ items, actions }: { items: StoredRecord[]; actions: RequestActions }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <>
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
              <div className="w-full">
                <StatusSelect item={item} id={`card-status-${item._id}`} width="w-full" onChange={actions.setStatus} />
              </div>
              <button type="button" className={buttonClass.secondary} onClick={() => actions.open(item)} aria-label={`${t('contacts.details')}: ${item.name}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                {t('contacts.details')}
              </button>
              <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${item.name}`} onClick={() => actions.askDelete(item)}>
                <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">{t('contacts.received')}</th>
              <th scope="col" className="px-4 py-3">{t('contacts.from')}</th>
              <th scope="col" className="px-4 py-3">{t('contacts.subject')}</th>
              <th scope="col" className="px-4 py-3">{t('common.status')}</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">{t('common.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item._id} className={`border-b border-slate-100 last:border-0 ${item.status === 'new' ? 'font-semibold' : ''}`}>
                <td className="px-4 py-3 whitespace-nowrap">{formatMoment(item.createdAt, lang, timeZone)}</td>
                <td className="px-4 py-3">
                  {item.name}
                  <span className="block font-normal text-slate-600">{item.email}</span>
                </td>
                <td className="px-4 py-3">
                  <KindBadge item={item} />
                  {item.subject}
                  <ConflictCount item={item} />
                </td>
                <td className="px-4 py-3">
                  <StatusSelect item={item} id={`status-${item._id}`} onChange={actions.setStatus} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <button type="button" className={buttonClass.icon} aria-label={`${t('contacts.details')}: ${item.name}`} onClick={() => actions.open(item)}>
                      <Eye className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${item.name}`} onClick={() => actions.askDelete(item)}>
                      <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Deleting asks first, in the admin's own dialog (not the browser's). */
export function DeleteRequestDialog({ deleting, onCancel, onDelete }: { deleting: StoredRecord | null; onCancel: () => void; onDelete: (item: StoredRecord) => void }) {
  const { t } = useAdmin();
  return (
    <Dialog title={t('common.delete')} open={deleting !== null} onClose={onCancel}>
      {deleting && (
        <div className="space-y-4">
          <p className="text-slate-800">{t('confirm.deleteSubmission')}</p>
          <p className="text-sm text-slate-600">
            {deleting.name} · {deleting.subject}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={onCancel}>
              {t('common.cancel')}
            </button>
            <button type="button" className={buttonClass.danger} onClick={() => onDelete(deleting)}>
              {t('common.delete')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** One request whole: who sent it, what they wrote, its documents, its status, a reply. */
export function RequestDialog({ open, onClose, actions }: { open: StoredRecord | null; onClose: () => void; actions: RequestActions }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <Dialog title={open ? `${t('contacts.details')}: ${open.subject}` : ''} open={Boolean(open)} onClose={onClose} wide={open ? kindOf(open) !== 'message' : false}>
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
            <dd className="col-span-2">{open.service || '—'}</dd>
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
            <div>
              <StatusSelect item={open} id="dialog-status" onChange={actions.setStatus} />
            </div>
            <a href={`mailto:${open.email}?subject=${encodeURIComponent(`Re: ${open.subject}`)}`} className={buttonClass.primary}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {t('contacts.reply')}
            </a>
            <button type="button" className={buttonClass.danger} onClick={() => actions.askDelete(open)}>
              {t('common.delete')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
