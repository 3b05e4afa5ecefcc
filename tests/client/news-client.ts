import createClient from 'openapi-fetch';
// Generated from the API's document (npm run openapi:types; the test makes it anew beside a copy of this file).
import type { paths } from './api-types.ts';

/**
 * A client written against the generated types only: a news article made with its required fields
 * alone, changed by a partial update, and read by its slug as plain text. If the document made a
 * field required that a create may leave out, or a PUT required every field, this does not compile.
 */
export async function newsRound(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl: `${baseUrl}/api`, headers: { authorization: `Bearer ${token}` } });

  const created = await api.POST('/news', {
    body: { title: { uz: 'Mijozlar uchun yangi qoida' }, excerpt: { uz: 'Qisqacha' }, content: { uz: 'Birinchi xatboshi.\n\nIkkinchi xatboshi.' }, category: { uz: 'Huquq' } },
  });
  if (!created.data) throw new Error(`create: ${created.response.status} ${JSON.stringify(created.error)}`);
  const article = created.data.data;

  const updated = await api.PUT('/news/{id}', {
    params: { path: { id: article._id } },
    body: { excerpt: { uz: 'Yangilangan qisqacha', ru: 'Краткое' }, version: article.version },
  });
  if (!updated.data) throw new Error(`update: ${updated.response.status} ${JSON.stringify(updated.error)}`);
  const slug: string | undefined = updated.data.data.slug;

  const read = await api.GET('/news/slug/{slug}', { params: { path: { slug: slug ?? '' }, query: { format: 'text', admin: 'true' } } });
  if (!read.data) throw new Error(`read: ${read.response.status} ${JSON.stringify(read.error)}`);
  const content = read.data.data.content?.uz;

  const removed = await api.DELETE('/news/{id}', { params: { path: { id: article._id } } });
  return {
    created: created.response.status,
    version: updated.data.data.version,
    excerpt: updated.data.data.excerpt,
    slug,
    text: typeof content === 'string' ? content : undefined,
    removed: removed.response.status,
  };
}
