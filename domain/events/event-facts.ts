import type { RecordOfType } from '../registry.ts';
import { pickText } from '../shared/localized.ts';
import type { EventFacts } from './event-mail.ts';
import type { RegistrationHost } from './registrations.ts';

type EventRecord = RecordOfType<'events'>;

/** What the event reads of the site: the event (a visitor's read or the admin's), the firm's name and address, its page. */
interface EventSources {
  read(id: string, admin: boolean): Promise<EventRecord | undefined>;
  defaultLanguage(): Promise<string>;
  firm(): Promise<{ companyName: unknown; contactInfo: { email: string } }>;
  pageUrl(language: string, path: string): Promise<string>;
  publicUrl: string;
  /** The firm's time zone: the e-mails say when the event is by its clock. */
  timeZone: string;
}

/** How an event's registrations read it: a public event, and what its e-mails say of it in a language. */
export function createEventReads(sources: EventSources): Pick<RegistrationHost, 'event' | 'facts'> {
  return {
    async event(id) {
      const event = await sources.read(id, false);
      return event && { _id: event._id, title: pickText(event.title, await sources.defaultLanguage()), startsAt: event.startsAt, endsAt: event.endsAt, registrationClosesAt: event.registrationClosesAt, capacity: event.capacity };
    },
    async facts(eventId, language, cancelUrl): Promise<EventFacts | undefined> {
      // The admin's read: the link to join is not in a visitor's read, and only these e-mails carry it.
      const [event, config] = await Promise.all([sources.read(eventId, true), sources.firm()]);
      if (!event) return undefined;
      const defaultLanguage = await sources.defaultLanguage();
      const text = (value: unknown) => pickText(value as Parameters<typeof pickText>[0], language, defaultLanguage);
      const zone = sources.timeZone;
      const format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language.startsWith('uz') ? 'uz-Latn' : language, { timeZone: zone, dateStyle: 'long', timeStyle: 'short' });
      return {
        id: event._id,
        title: text(event.title),
        description: text(event.description),
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        venue: event.mode === 'online' ? '' : text(event.venue),
        onlineUrl: event.mode === 'offline' ? '' : event.onlineUrl,
        pageUrl: await sources.pageUrl(language, `/events/${event.slug}`),
        cancelUrl,
        when: `${format.format(new Date(event.startsAt))} (${zone})`,
        host: new URL(sources.publicUrl).hostname,
        // Every saved change of the event raises its version: a calendar takes the entry sent after it as the newer one.
        sequence: Math.max(0, Number(event.version ?? 1) - 1),
        organizer: { name: text(config.companyName), email: config.contactInfo.email },
      };
    },
  };
}
