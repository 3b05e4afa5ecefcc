import type { Check } from '../checks/document-checks.ts';
import type { DomainHost } from '../domain-host.ts';
import type { WorkingCopies } from '../publishing/working-copies.ts';
import type { TextSaved } from '../shared/entity.ts';
import type { Actor, ChangeEvent, RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { RECORD_TYPES } from '../registry.ts';
import type { ReleaseHost } from './release-readiness.ts';

/** The services releases are made of (domain/app-services.ts hands them over). */
interface ReleaseParts {
  host: Pick<DomainHost, 'database' | 'telegram' | 'publicUrl' | 'log'>;
  serviceOf(type: RecordType): RecordService;
  workingCopies: WorkingCopies;
  reviews: { approved(type: string, id: string): Promise<boolean> };
  publishing: { needsApproval(): Promise<boolean> };
  recordChecks: { blocking(type: RecordType, id: string | undefined, values: Record<string, unknown>, textSaved: TextSaved): Promise<Check[]> };
  languages: { defaultLanguage(): Promise<string> };
  publicLanguages(): Promise<string[]>;
  siteConfig: { get(): Promise<{ telegram: { channels: Record<string, string> } }> };
  channelPosts: Pick<ReleaseHost['channels'], 'draft' | 'send'>;
  alerts: { sendDue(): Promise<number> };
  outbox: { enqueue(channel: 'mail-first', payload: { to: string; subject: string; text: string }, about: string): Promise<string> };
  forgetTexts(table?: string, id?: string): void;
  environment: { pagesChanged(event: ChangeEvent): Promise<void> };
  activity: { record(event: ChangeEvent): Promise<void> };
  previews: { create(input: unknown, actor?: Actor): Promise<{ token: string; expiresAt: string }> };
}

/** What releases need, wired from the composition root's services. */
export function releaseHostOf(parts: ReleaseParts): ReleaseHost {
  const { host, channelPosts, siteConfig, forgetTexts, environment } = parts;
  return {
    database: host.database,
    types: RECORD_TYPES,
    serviceOf: parts.serviceOf,
    copies: parts.workingCopies,
    approved: (type, id) => parts.reviews.approved(type, id),
    needsApproval: () => parts.publishing.needsApproval(),
    blockingChecks: (type, id, values, textSaved) => parts.recordChecks.blocking(type, id, values, textSaved),
    defaultLanguage: () => parts.languages.defaultLanguage(),
    publicLanguages: () => parts.publicLanguages(),
    channels: {
      ready: Boolean(host.telegram),
      of: async () => (await siteConfig.get()).telegram.channels,
      draft: (type, id, body) => channelPosts.draft(type, id, body),
      send: (type, id, body) => channelPosts.send(type, id, body),
    },
    alertsDue: () => parts.alerts.sendDue(),
    mail: async (message, about) => {
      await parts.outbox.enqueue('mail-first', message, about);
    },
    // After the commit: what this instance keeps of the record, and every instance's cached pages.
    refresh: async (event) => {
      forgetTexts(event.entity, event.id);
      await environment.pagesChanged(event);
    },
    record: (event) => parts.activity.record(event),
    preview: (input, actor) => parts.previews.create(input, actor),
    publicUrl: host.publicUrl,
    warn: (details, message) => host.log.warn(details, message),
  };
}
