import { recordTypeNamed } from '../registry.ts';
import { pickText, type Localized } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { PublicUser } from '../users/user-schema.ts';
import type { OutsideReviewer } from '../preview/preview-links.ts';
import type { Review, Reviews } from '../publishing/approval.ts';
import type { WorkingCopies } from '../publishing/working-copies.ts';
import type { OutboxChannel } from './outbox.ts';
import { decisionMessage, outsideOpinionMessage, reviewMessage } from './review-message.ts';

/** What the person asked to review is told by e-mail (domain/notifications/review-message.ts). */
export interface ReviewNotice {
  to: string;
  subject: string;
  text: string;
}

type StoredRecord = Record<string, unknown> & { _id: string };
/** Who did a step (the record service's actor). */
interface Doer {
  userId: string;
  email: string;
  name?: string;
}
/** A decision that came back to someone (the dashboard's "what came back"). */
export interface ReviewNews {
  type: string;
  id: string;
  action: 'approve' | 'request_changes';
  by: { name: string; email: string; outside: boolean };
  at: string;
  comment?: string;
}

/** What the notices read and where they go: accounts, languages, the reviews, the e-mail and the firm's bot. */
interface NoticeHost {
  users: { getUser(id: string): Promise<PublicUser>; interfaceLanguage(id: string): Promise<string | null> };
  defaultLanguage(): Promise<string>;
  reviews: Reviews;
  workingCopies: WorkingCopies;
  /** A record as the admin reads it (an outside decision names its title). */
  read(type: RecordType, id: string): Promise<StoredRecord>;
  enqueue(channel: OutboxChannel, payload: { text: string; chatId: string }, about: string): Promise<unknown>;
  /** The e-mail (when mail is set up). */
  send?(notice: ReviewNotice): void;
  /** The firm's bot is set up: a person who gave a chat hears there too. */
  telegram: boolean;
  publicUrl: string;
  timeZone: string;
}

/**
 * Who hears of a review and what: the person asked to review (when it is sent), the author (when
 * an approver decides), and whoever asked or made the link (when an outside reviewer gives an
 * opinion); by e-mail, and by the firm's bot to the chat the person gave (Settings).
 */
export function createReviewNotices(host: NoticeHost) {
  const getUser = (id: string) => host.users.getUser(id).catch(() => undefined);
  const titleOf = (type: RecordType, record: StoredRecord, language: string, fallback?: string) => pickText(record[type.admin.titleField] as Localized | string | undefined, language, fallback).slice(0, 200);
  const editUrl = (type: RecordType, id: string) => `${host.publicUrl}/admin/${type.name}/${id}/edit`;
  async function tell(person: { email: string; telegramChatId?: string | null } | undefined, to: string, message: { subject: string; text: string }, about: string): Promise<void> {
    host.send?.({ to, ...message });
    if (host.telegram && person?.telegramChatId) await host.enqueue('telegram', { text: message.text, chatId: person.telegramChatId }, about);
  }
  /** Whose work a review is about: who last sent it for review, else who saved its working copy. */
  async function authorOf(type: string, id: string, review: Review): Promise<string | undefined> {
    const submitted = review.history.findLast((step) => step.action === 'submit' && step.by?._id && !step.by.outside);
    return submitted?.by?._id || (await host.workingCopies.get(type, id))?.savedBy?._id || undefined;
  }

  return {
    /** A record was sent for review: the person asked is told. */
    async submitted(type: RecordType, record: StoredRecord, review: Review, actor?: Doer): Promise<void> {
      if (!review.assignee) return;
      const assignee = await getUser(review.assignee);
      if (!assignee) return;
      const language = await host.defaultLanguage();
      const last = review.history[review.history.length - 1];
      const message = reviewMessage(
        { title: titleOf(type, record, language), kind: pickText(type.admin.one, language) || type.label, by: actor?.name || actor?.email || '', dueAt: review.dueAt, comment: last?.comment, url: editUrl(type, record._id) },
        language,
        host.timeZone,
      );
      await tell(assignee, assignee.email, message, `reviews/${type.name}/${record._id}`);
    },

    /** An approver approved or asked for changes: the author is told (deciding on what one sent oneself tells nobody). */
    async decided(type: RecordType, record: StoredRecord, review: Review, actor?: Doer): Promise<void> {
      const last = review.history[review.history.length - 1];
      if (last?.action !== 'approve' && last?.action !== 'request_changes') return;
      const authorId = await authorOf(type.name, record._id, review);
      if (!authorId || authorId === actor?.userId) return;
      const author = await getUser(authorId);
      if (!author) return;
      const language = (await host.users.interfaceLanguage(author._id)) ?? (await host.defaultLanguage());
      const message = decisionMessage(
        { decision: last.action, by: actor?.name || actor?.email || '', title: titleOf(type, record, language, await host.defaultLanguage()), kind: pickText(type.admin.one, language) || type.label, comment: last.comment, url: editUrl(type, record._id) },
        language,
      );
      await tell(author, author.email, message, `reviews/${type.name}/${record._id}`);
    },

    /**
     * An outside reviewer's decision through their link (app/routes/site/preview.tsx): an opinion
     * kept in the review's history, never the approval, taken only while the record is in review.
     * The person asked is told (by e-mail, and Telegram when set up); nobody asked: whoever made
     * the link.
     */
    async decideOutside(target: { type: string; id: string; reviewer: OutsideReviewer }, decision: 'approve' | 'request_changes', comment: string) {
      const decided = await host.reviews.outside(target.type, target.id, decision, target.reviewer, comment);
      if (typeof decided === 'string') return decided;
      const type = recordTypeNamed(target.type);
      if (!type) return decided;
      const told = decided.assignee ? await getUser(decided.assignee) : undefined;
      const to = told?.email ?? (await getUser(target.reviewer.madeBy._id))?.email ?? target.reviewer.madeBy.email;
      const [language, record] = await Promise.all([host.defaultLanguage(), host.read(type, target.id)]);
      const message = outsideOpinionMessage(
        { decision, reviewer: target.reviewer, title: titleOf(type, record, language), kind: pickText(type.admin.one, language) || type.label, comment: comment || undefined, url: editUrl(type, target.id) },
        language,
      );
      await tell(told, to, message, `reviews/${type.name}/${target.id}`);
      return decided;
    },

    /**
     * What came back to this person in the last 30 days, newest first (the dashboard): an approver's
     * decision on what they sent for review or whose copy they saved, and an outside reviewer's
     * opinion on what they were asked to review, sent, or made the reviewer's link for.
     */
    async news(userId: string): Promise<ReviewNews[]> {
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const news: ReviewNews[] = [];
      for (const { type, id, review } of await host.reviews.since(since)) {
        const author = await authorOf(type, id, review);
        for (const step of review.history) {
          if ((step.action !== 'approve' && step.action !== 'request_changes') || step.at < since || !step.by) continue;
          const mine = step.by.outside ? author === userId || review.assignee === userId || step.by.askedBy === userId : author === userId && step.by._id !== userId;
          if (mine) news.push({ type, id, action: step.action, by: { name: step.by.name ?? '', email: step.by.email, outside: Boolean(step.by.outside) }, at: step.at, ...(step.comment ? { comment: step.comment } : {}) });
        }
      }
      return news.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 20);
    },
  };
}
