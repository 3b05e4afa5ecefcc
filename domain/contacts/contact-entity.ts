import type { Condition, EntityDefinition, ListQuery } from '../shared/entity.ts';
import { bySearch, byValue, combine } from '../shared/list-filters.ts';
import { searchText } from '../shared/search.ts';
import { ContactFormSchema } from './contact-schema.ts';

/** `status=waiting`: what nobody has acted on yet — a new message or application, and a new matter awaiting its conflict check. */
export const WAITING_STATUSES = ['new', 'conflict_check'];
const byStatus = (query: ListQuery): Condition[] => (query.status === 'waiting' ? [{ column: 'status', op: 'in', values: WAITING_STATUSES }] : byValue('status', 'status')(query));

export const contactEntity: EntityDefinition = {
  label: 'Submission',
  table: 'contacts',
  storage: { name: 'text', email: 'text', phone: 'text', subject: 'text', message: 'text', service: 'text', status: 'text', consent: 'json', kind: 'text', company: 'text', tin: 'text', counterparties: 'json', lang: 'text', vacancy: 'text' },
  schema: () => ContactFormSchema,
  defaults: () => ({ phone: '', service: '', kind: 'message', company: '', tin: '', counterparties: [], lang: '', vacancy: '' }),
  // Contact submissions are never public; the API requires a token for every read.
  publicConditions: () => [],
  orderBy: [['created_at', 'desc']],
  // client_key (a keyed hash of the sender's address, for the limit) is written, never read back.
  derive: (r) => ({
    search_text: searchText([r.name as string, r.email as string, r.subject as string, r.message as string, r.company as string, ...(Array.isArray(r.counterparties) ? (r.counterparties as string[]) : [])]),
    ...(typeof r.clientKey === 'string' ? { client_key: r.clientKey } : {}),
  }),
  listConditions: combine(byStatus, byValue('kind', 'kind'), bySearch),
};
