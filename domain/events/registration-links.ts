import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { sharedSecret } from '../shared/secrets.ts';
import { confirmRegistrationMail, registrationMail } from './event-mail.ts';
import type { Row } from './registration-rows.ts';
import type { RegistrationHost } from './registrations.ts';

/**
 * A registration's e-mails and their signed links: the confirmation link (asked anew, a new link)
 * and the cancel link every later e-mail carries. Nothing of a link is stored: it is made again
 * from the row whenever an e-mail is built, and read back by its signature.
 */
export function createRegistrationLinks(database: Database, host: RegistrationHost, row: (id: string) => Promise<Row | undefined>) {
  const key = sharedSecret(database, 'event-registrations');
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const cancelToken = async (id: string) => `${id}.${await sign(`cancel:${id}`)}`;
  async function byToken(token: string): Promise<Row | undefined> {
    const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || !same(match[2], await sign(`cancel:${match[1]}`))) return undefined;
    return row(match[1]);
  }
  /**
   * The confirmation link's token: `{id}.{signature of the id and the moment it was asked}`, so a
   * registration asked anew (after a cancel or an expired hold) has a new link. Nothing of it is
   * stored: it is made again from the row whenever an e-mail is built.
   */
  const confirmToken = async (id: string, createdAt: string) => `${id}.${await sign(`confirm:${id}:${createdAt}`)}`;
  async function byConfirmToken(token: string): Promise<Row | undefined> {
    const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const found = await row(match[1]);
    return found && same(match[2], await sign(`confirm:${found.id}:${found.created_at}`)) ? found : undefined;
  }

  async function send(registration: Pick<Row, 'id' | 'event_id' | 'name' | 'email' | 'language'>, kind: 'registered' | 'waitlisted' | 'movedUp') {
    if (!host.mailReady) return;
    const token = await cancelToken(registration.id);
    const cancelUrl = await host.pageUrl(registration.language, `/events/cancel/${token}`);
    const [facts, site] = await Promise.all([host.facts(registration.event_id, registration.language, cancelUrl), host.siteName(registration.language)]);
    if (!facts) return;
    // The link's token travels apart from the queued text and is gone once sent (domain/notifications/outbox.ts).
    await host.mail({ ...registrationMail({ to: registration.email, name: registration.name, language: registration.language, site, kind, event: facts }), secrets: [token] }, `event-registrations/${registration.id}`);
  }

  async function askToConfirm(registration: Pick<Row, 'id' | 'event_id' | 'email' | 'language' | 'created_at'>, held: boolean) {
    if (!host.mailReady) return;
    const token = await confirmToken(registration.id, registration.created_at);
    const confirmUrl = await host.pageUrl(registration.language, `/events/confirm/${token}`);
    const [facts, site] = await Promise.all([host.facts(registration.event_id, registration.language, ''), host.siteName(registration.language)]);
    if (!facts) return;
    await host.mail({ ...confirmRegistrationMail({ to: registration.email, language: registration.language, site, held, event: facts, confirmUrl }), secrets: [token] }, `event-registrations/${registration.id}`);
  }

  return { cancelToken, confirmToken, byToken, byConfirmToken, send, askToConfirm };
}
