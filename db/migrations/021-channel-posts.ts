import type { Kysely } from 'kysely';

/*
 * Posts to the firm's Telegram channels (API-3.md "Alerts"): one per record and language, with the
 * text the editor sent, the message's id once Telegram has it (to edit it later), and its state.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('channel_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    // The channel it went to (@name or -100…), as configured when it was sent.
    .addColumn('chat_id', 'text', (c) => c.notNull())
    // The editor's text (plain; the first line is the title, bold in the post).
    .addColumn('text', 'text', (c) => c.notNull())
    // The cover's address when posted as a photo with a caption, else null.
    .addColumn('photo', 'text')
    .addColumn('message_id', 'text')
    // queued, sent, failed.
    .addColumn('state', 'text', (c) => c.notNull())
    // Telegram's reason when it refused (or the last one while it is retried).
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('channel_posts_record_lang', ['record_type', 'record_id', 'lang'])
    .execute();
}
