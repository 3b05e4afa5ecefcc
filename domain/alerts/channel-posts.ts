import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { coverPath, jpegPreview } from '../media/share-image.ts';
import type { createOutbox } from '../notifications/outbox.ts';
import { AppError, notFound, validationError } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { isPlainObject, isWritten, pickText } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import { parseOrThrow } from '../shared/validation.ts';

/*
 * Posts to the firm's Telegram channel of each language (API-3.md "Alerts"): a draft from the
 * article (title, two or three sentences, the link with ?source=telegram, the cover) that the
 * editor changes, sent through the outbox; after an edit of the article, the same message edited.
 */

/** Telegram's limits: a message, and a photo's caption (counted in the text as readers see it). */
const MESSAGE_MAX = 4096;
const CAPTION_MAX = 1024;
/** The lead in a draft: the first sentences of the excerpt, up to about this many characters. */
const LEAD_MAX = 400;

type PostState = 'queued' | 'sent' | 'failed';
export interface ChannelPost {
  lang: string;
  channel: string;
  text: string;
  photo: string | null;
  messageId: string | null;
  state: PostState;
  error: string | null;
  updatedAt: string;
}

export const SendSchema = z.strictObject({
  lang: z.string({ error: 'Choose the language of the post' }).min(2).max(12),
  text: z.string({ error: 'Write the text of the post' }).trim().min(1, { message: 'Write the text of the post' }),
  photo: z.boolean({ error: 'photo must be true or false' }).optional(),
  update: z.boolean({ error: 'update must be true or false' }).optional(),
});
export const DraftSchema = z.strictObject({ lang: z.string({ error: 'Choose the language of the post' }).min(2).max(12) });

/** The text as Telegram's HTML: every character escaped, the first line (the title) in bold. */
function postHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const [title, ...rest] = text.split('\n');
  return [`<b>${escape(title)}</b>`, ...rest.map(escape)].join('\n');
}

/** The first sentences of a text, whole, up to about `max` characters. */
function lead(text: string, max = LEAD_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const sentences = clean.match(/[^.!?…]+[.!?…]+["»”)]*\s*/g) ?? [];
  let kept = '';
  for (const sentence of sentences.slice(0, 3)) {
    if ((kept + sentence).length > max) break;
    kept += sentence;
  }
  return (kept || `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`).trim();
}

interface Row {
  id: string;
  record_type: string;
  record_id: string;
  lang: string;
  chat_id: string;
  text: string;
  photo: string | null;
  message_id: string | null;
  state: string;
  error: string | null;
  updated_at: string;
}

const toPost = (row: Row): ChannelPost => ({
  lang: String(row.lang),
  channel: String(row.chat_id),
  text: String(row.text),
  photo: row.photo ? String(row.photo) : null,
  messageId: row.message_id ? String(row.message_id) : null,
  state: row.state === 'sent' || row.state === 'failed' ? row.state : 'queued',
  error: row.error ? String(row.error) : null,
  updatedAt: String(row.updated_at),
});

interface ChannelHost {
  /** The channel of each language (site configuration `telegram.channels`). */
  channels(): Promise<Record<string, string>>;
  /** The record as the admin sees it (404 when it does not exist). */
  read(type: RecordType, id: string): Promise<Record<string, unknown> & { _id: string; version: number }>;
  /** The public address of a page in a language. */
  pageUrl(language: string, path: string): Promise<string>;
  /** The site's own address (the cover's is made absolute with it). */
  publicUrl: string;
  /** The bot is set up (TELEGRAM_BOT_TOKEN). */
  botReady: boolean;
  /** The languages visitors can read the site in. */
  publicLanguages(): Promise<string[]>;
  /** The site's setting "publishing needs approval". */
  needsApproval(): Promise<boolean>;
  /** Whether what is public of the record (this version) was approved. */
  approved(type: RecordType, id: string, version: number): Promise<boolean>;
}

export function createChannelPosts(database: Database, outbox: ReturnType<typeof createOutbox>, types: readonly RecordType[], host: ChannelHost) {
  const { db } = database;
  const typeNamed = (name: string) => {
    const type = types.find((candidate) => candidate.name === name);
    if (!type) throw notFound('Record type');
    return type;
  };
  const find = async (type: string, id: string, lang: string) =>
    (await db.selectFrom('channel_posts').selectAll().where('record_type', '=', type).where('record_id', '=', id).where('lang', '=', lang).executeTakeFirst()) as Row | undefined;

  async function channelOf(lang: string): Promise<string> {
    const channel = (await host.channels())[lang];
    if (!channel) throw validationError([{ path: 'lang', code: 'invalid', message: `There is no Telegram channel for ${lang.toUpperCase()}: set it in the site configuration (Telegram channels)` }]);
    return channel;
  }

  /**
   * Only what visitors can read in that language goes to its channel (409 `not_public`), and with
   * "publishing needs approval", only what was approved (403 `approval_required`): a post cannot be
   * taken back from every reader.
   */
  async function assertPostable(type: RecordType, record: Record<string, unknown> & { _id: string; version: number }, lang: string) {
    const shown = record.publicState === 'published' && (await host.publicLanguages()).includes(lang) && isPlainObject(record.title) && isWritten(record.title[lang]);
    if (!shown) {
      throw new AppError(409, 'CONFLICT', `This ${type.label.toLowerCase()} is not public in ${lang.toUpperCase()}: publish it (with its title in ${lang.toUpperCase()}) first, then post it to the channel`, { reason: 'not_public' });
    }
    if ((await host.needsApproval()) && !(await host.approved(type, record._id, record.version))) {
      throw new AppError(403, 'FORBIDDEN', 'Publishing needs approval on this site, and what is public now was not approved: submit it for review, and post it once an approver or an administrator approves it', { reason: 'approval_required' });
    }
  }

  /** The cover as Telegram can fetch it: the JPEG size of the article's picture, or its drawn card. */
  function cover(type: RecordType, record: Record<string, unknown> & { _id: string; version: number }, lang: string): string {
    const image = typeof record.image === 'string' && record.image ? jpegPreview(record.image) : coverPath(type.name === 'blog' ? 'blog' : 'news', record, lang);
    return /^https?:\/\//.test(image) ? image : host.publicUrl + image;
  }

  return {
    /** What the editor starts from: the title, the first sentences, the link; the cover beside it; the post so far. */
    async draft(typeName: string, id: string, body: unknown) {
      const type = typeNamed(typeName);
      const { lang } = parseOrThrow(DraftSchema, body ?? {});
      const channel = await channelOf(lang);
      const record = await host.read(type, id);
      const title = pickText(record.title, lang, '');
      if (!title) throw validationError([{ path: 'lang', code: 'required', message: `The article has no title in ${lang.toUpperCase()}: write it first`, params: { lang } }]);
      const url = `${await host.pageUrl(lang, `${type.publicPath}/${String(record.slug || record._id)}`)}?source=telegram`;
      const text = [title, lead(pickText(record.excerpt, lang, '')), url].filter(Boolean).join('\n\n');
      const existing = await find(type.name, id, lang);
      return { lang, channel, text, photo: cover(type, record, lang), post: existing ? toPost(existing) : null };
    },

    /**
     * Queues the post (or, with `update`, the edit of the one sent): only of what is public in
     * that language (and approved, when publishing needs it), checked against Telegram's limits
     * first; the outbox sends it and keeps the message's id. 409 when the bot is not set up.
     */
    async send(typeName: string, id: string, body: unknown): Promise<ChannelPost> {
      const type = typeNamed(typeName);
      if (!host.botReady) throw new AppError(409, 'CONFLICT', 'Telegram is not connected on this server: ask whoever runs the site to set up the bot');
      const input = parseOrThrow(SendSchema, body ?? {});
      const channel = await channelOf(input.lang);
      const record = await host.read(type, id);
      await assertPostable(type, record, input.lang);
      const existing = await find(type.name, id, input.lang);
      if (existing?.state === 'queued') throw new AppError(409, 'CONFLICT', 'The post is being sent: wait a moment');
      if (input.update && !existing?.message_id) throw new AppError(409, 'CONFLICT', 'There is no sent post to update in this language: post it first');
      if (!input.update && existing?.message_id) throw new AppError(409, 'CONFLICT', 'It is posted already: use "update" to change the post');
      // An edit keeps what the message is: a photo with a caption stays one, a text stays a text.
      const photo = input.update ? existing?.photo ?? null : input.photo ? cover(type, record, input.lang) : null;
      const max = photo ? CAPTION_MAX : MESSAGE_MAX;
      if (input.text.length > max) {
        throw validationError([{ path: 'text', code: 'too_long', message: photo ? `A post with a picture may have at most ${CAPTION_MAX} characters: shorten it or post without the picture` : `A post may have at most ${MESSAGE_MAX} characters`, params: { max } }]);
      }
      const now = nowIso();
      const postId = existing?.id ?? newId();
      const row = { chat_id: input.update ? String(existing!.chat_id) : channel, text: input.text, photo, state: 'queued', error: null, updated_at: now };
      await db.transaction().execute(async (trx) => {
        if (existing) await trx.updateTable('channel_posts').set({ ...row, message_id: input.update ? existing.message_id : null }).where('id', '=', postId).execute();
        else await trx.insertInto('channel_posts').values({ id: postId, record_type: type.name, record_id: id, lang: input.lang, message_id: null, created_at: now, ...row }).execute();
        const method = input.update ? (photo ? 'editMessageCaption' : 'editMessageText') : photo ? 'sendPhoto' : 'sendMessage';
        await outbox.enqueue('telegram-channel', { text: postHtml(input.text), chatId: row.chat_id, method, postId, ...(photo && !input.update ? { photo } : {}), ...(input.update ? { messageId: String(existing!.message_id) } : {}) }, `channel-posts/${postId}`, trx);
      });
      return toPost((await find(type.name, id, input.lang))!);
    },

    /** The channels configured, whether the bot is set up, and the record's posts (one per language) with their state. */
    async list(typeName: string, id: string): Promise<{ bot: boolean; channels: Record<string, string>; posts: ChannelPost[] }> {
      const rows = (await db.selectFrom('channel_posts').selectAll().where('record_type', '=', typeNamed(typeName).name).where('record_id', '=', id).orderBy('lang').execute()) as Row[];
      const channels = Object.fromEntries(Object.entries(await host.channels()).filter(([, channel]) => channel));
      return { bot: host.botReady, channels, posts: rows.map(toPost) };
    },

    /** Telegram took it: its message id is kept (an edit keeps the one it had). */
    async delivered(postId: string, messageId: string | undefined): Promise<void> {
      await db
        .updateTable('channel_posts')
        .set({ state: 'sent', error: null, updated_at: nowIso(), ...(messageId ? { message_id: messageId } : {}) })
        .where('id', '=', postId)
        .execute();
    },

    /** Telegram refused: its reason is shown; `final` when it will not be tried again. */
    async refused(postId: string, reason: string, final: boolean): Promise<void> {
      await db.updateTable('channel_posts').set({ state: final ? 'failed' : 'queued', error: reason.slice(0, 500), updated_at: nowIso() }).where('id', '=', postId).execute();
    },
  };
}
