import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';

/**
 * A secret every instance shares, made once and kept in the database: the first instance to write
 * it wins, the others read the same one. Cached per process once read.
 */
export function sharedSecret(database: Database, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  async function read(): Promise<Buffer> {
    const { db } = database;
    await db
      .insertInto('app_secrets')
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return Buffer.from(String(row.value), 'base64url');
  }
  return () =>
    (secret ??= read().catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
}
