import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_CHANNELS, type OutboxChannel } from '../../domain/notifications/outbox.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The outbox's channels are one declared list: a message goes to one of them, never to a channel no job reads. */

describe.each(DIALECTS)('outbox channels on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app?.close());

  it('queues a message on every declared channel and refuses any other, storing nothing for it', async () => {
    const { outbox } = app.services;
    const about = `outbox-channels/${dialect}`;
    for (const channel of OUTBOX_CHANNELS) await outbox.enqueue(channel, { text: `to ${channel}`, chatId: 'nowhere', to: 'nobody@example.uz', subject: 'test' }, about);
    await expect(outbox.enqueue('fax' as OutboxChannel, { text: 'to a fax' }, about)).rejects.toThrow('No sender reads the outbox channel fax');
    const rows = await app.services.database.db.selectFrom('outbox').select('channel').where('about', '=', about).execute();
    expect(rows.map((row) => String(row.channel)).sort()).toEqual([...OUTBOX_CHANNELS].sort());
    await outbox.forget([about]);
  });
});
