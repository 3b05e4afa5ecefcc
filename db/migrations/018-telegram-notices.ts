import type { Kysely } from 'kysely';

/*
 * Sign-off notices by Telegram (API-3.md "Working copies, review and sign-off"): the chat where an
 * account's owner receives the firm bot's notices (a review assigned to them), when they gave it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('telegram_chat_id', 'text').execute();
}
