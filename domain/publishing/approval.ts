import { z } from 'zod';
import { can, rolesFor } from '../access/permissions.ts';
import type { Database } from '../../db/connection.ts';
import { AppError, validationError } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import type { Actor } from '../shared/record-service.ts';
import { parseOrThrow } from '../shared/validation.ts';

/* Sign-off (API-3.md "Working copies, review and sign-off"): a record's review, step by step. */

const REVIEW_STATES = ['none', 'in_review', 'changes_requested', 'approved'] as const;
type ReviewState = (typeof REVIEW_STATES)[number];

interface ReviewStep {
  /** publish: what was approved went out, as `version` (the approval is used). */
  action: 'submit' | 'approve' | 'request_changes' | 'reset' | 'publish';
  /** An outside reviewer's step: `outside`, their name, and who made their link (`askedBy`, an account's id). */
  by: { _id: string; email: string; name?: string; outside?: true; askedBy?: string } | null;
  at: string;
  comment?: string;
  version?: number;
}

export interface Review {
  reviewState: ReviewState;
  assignee: string | null;
  dueAt: string | null;
  history: ReviewStep[];
}

const reviewActionSchema = z
  .object({
    action: z.enum(['submit', 'approve', 'request_changes'], { message: 'action must be submit, approve or request_changes' }),
    comment: z.string().trim().max(2000, { message: 'A comment may be up to 2000 characters' }).optional(),
    assignee: z.string().regex(/^[0-9a-f]{24}$/, { message: 'assignee must be the id of an account' }).optional(),
    dueAt: z.iso.datetime({ offset: true, message: 'dueAt must be a date and time with its offset, such as 2026-12-01T18:00:00+05:00' }).optional(),
  })
  .strict();

/**
 * Where a review stands, by the steps of the firm's own people in order: the last one decides, so
 * only an approver's or administrator's own "approve" later than every submit, "request changes"
 * and change approves. An outside reviewer's decision is an opinion kept in the history: it moves
 * nothing (nor did one kept before this rule: a row that says "approved" because of one is not).
 */
function stateOf(history: readonly ReviewStep[]): ReviewState {
  let state: ReviewState = 'none';
  for (const step of history) {
    if (!step.by?._id || step.by.outside) {
      // The schedule's or a system's step without a person: only a reset or a publish counts (a change).
      if ((step.action === 'reset' || step.action === 'publish') && !step.by?.outside) state = 'none';
      continue;
    }
    state = step.action === 'submit' ? 'in_review' : step.action === 'approve' ? 'approved' : step.action === 'request_changes' ? 'changes_requested' : 'none';
  }
  return state;
}

export type Reviews = ReturnType<typeof createReviews>;

export function createReviews(database: Database) {
  const { db } = database;
  const empty = (): Review => ({ reviewState: 'none', assignee: null, dueAt: null, history: [] });
  async function get(type: string, id: string): Promise<Review> {
    const row = await db.selectFrom('record_reviews').selectAll().where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
    if (!row) return empty();
    const steps: unknown = typeof row.steps === 'string' ? JSON.parse(row.steps) : row.steps;
    const history: ReviewStep[] = Array.isArray(steps) ? steps : [];
    return { reviewState: history.length ? stateOf(history) : (REVIEW_STATES.find((state) => state === row.state) ?? 'none'), assignee: row.assignee_id ?? null, dueAt: row.due_at ?? null, history };
  }
  async function put(type: string, id: string, review: Review) {
    const values = { state: review.reviewState, assignee_id: review.assignee, due_at: review.dueAt, steps: JSON.stringify(review.history), updated_at: nowIso() };
    await db
      .insertInto('record_reviews')
      .values({ record_type: type, record_id: id, ...values })
      .onConflict((conflict) => conflict.columns(['record_type', 'record_id']).doUpdateSet(values))
      .execute();
  }
  const by = (actor?: Actor) => (actor ? { _id: actor.userId, email: actor.email, ...(actor.name ? { name: actor.name } : {}) } : null);

  /** Accounts that may approve: the people a submit can ask. */
  const approvers = () =>
    db.selectFrom('users').select(['id as _id', 'name', 'email']).where('role', 'in', [...rolesFor('record.approve')]).orderBy('name').execute();

  /** Who is asked must be able to approve (or the notice goes to someone who cannot act), by a time still to come. */
  async function checkAsked(assignee: string | undefined, dueAt: string | undefined, now: string) {
    if (assignee && !(await approvers()).some((account) => account._id === assignee)) {
      throw validationError([{ path: 'assignee', code: 'not_approver', message: 'Ask an approver or an administrator: this account cannot approve (or no longer exists)' }]);
    }
    if (dueAt && new Date(dueAt).toISOString() <= now) {
      throw validationError([{ path: 'dueAt', code: 'in_past', message: 'The due time has passed: choose a time still to come' }]);
    }
  }

  return {
    get,
    approvers,

    /** A step of the review; refused (403/409) when this person may not take it or the review is not where it must be. */
    async act(type: string, id: string, body: unknown, actor?: Actor): Promise<Review> {
      const step = parseOrThrow(reviewActionSchema, body ?? {});
      const review = await get(type, id);
      const at = nowIso();
      if (step.action !== 'submit' && !can(actor, 'record.approve')) {
        throw new AppError(403, 'FORBIDDEN', 'Only an approver or an administrator can approve or ask for changes. Submit it for review instead.');
      }
      if (step.action === 'approve' && review.reviewState !== 'in_review') {
        throw new AppError(409, 'CONFLICT', review.reviewState === 'approved' ? 'This is approved already.' : 'Only what was submitted for review can be approved: submit it first.');
      }
      if (step.action === 'request_changes' && review.reviewState !== 'in_review' && review.reviewState !== 'approved') {
        throw new AppError(409, 'CONFLICT', 'Changes can be asked for only while it is in review or approved.');
      }
      if (step.action === 'submit' && review.reviewState === 'in_review') throw new AppError(409, 'CONFLICT', 'This is in review already.');
      if (step.action === 'submit') await checkAsked(step.assignee, step.dueAt, at);
      const next: Review = {
        reviewState: step.action === 'submit' ? 'in_review' : step.action === 'approve' ? 'approved' : 'changes_requested',
        assignee: step.action === 'submit' ? (step.assignee ?? null) : review.assignee,
        dueAt: step.action === 'submit' ? (step.dueAt ? new Date(step.dueAt).toISOString() : null) : review.dueAt,
        history: [...review.history, { action: step.action, by: by(actor), at, ...(step.comment ? { comment: step.comment } : {}) }],
      };
      await put(type, id, next);
      return next;
    },

    /**
     * A decision of a named person outside the firm, through their signed link: an opinion kept in
     * the history with their name, taken only while the review is `in_review`; it never approves
     * nor sends back (the state stays). `not_in_review` when it is not waiting for review,
     * `decided` when they decided already since it was submitted.
     */
    async outside(type: string, id: string, decision: 'approve' | 'request_changes', reviewer: { name: string; email: string; madeBy?: { _id: string } }, comment: string): Promise<Review | 'not_in_review' | 'decided'> {
      const review = await get(type, id);
      if (review.reviewState !== 'in_review') return 'not_in_review';
      const last = [...review.history].reverse().find((step) => step.by?.outside && step.by.email === reviewer.email);
      const since = [...review.history].reverse().find((step) => step.action === 'submit' || step.action === 'reset');
      if (last && (!since || last.at >= since.at)) return 'decided';
      const next: Review = {
        ...review,
        history: [...review.history, { action: decision, by: { _id: '', email: reviewer.email, name: reviewer.name, outside: true, ...(reviewer.madeBy ? { askedBy: reviewer.madeBy._id } : {}) }, at: nowIso(), ...(comment ? { comment: comment.slice(0, 2000) } : {}) }],
      };
      await put(type, id, next);
      return next;
    },

    /**
     * The record or its copy changed: an approval no longer stands (it is asked again). With
     * `published`, what was approved went out as that version: kept, so what is public is known
     * to be approved (a post to the channel asks).
     */
    async changed(type: string, id: string, actor?: Actor, published?: number): Promise<void> {
      const review = await get(type, id);
      if (published !== undefined) {
        await put(type, id, { ...review, reviewState: 'none', history: [...review.history, { action: 'publish', by: by(actor), at: nowIso(), version: published }] });
        return;
      }
      if (review.reviewState !== 'approved') return;
      await put(type, id, { ...review, reviewState: 'none', history: [...review.history, { action: 'reset', by: by(actor), at: nowIso() }] });
    },

    /** Whether what is public of a record was approved: approved now, or its version `version` is the one that went out approved. */
    async publicApproved(type: string, id: string, version: number): Promise<boolean> {
      const review = await get(type, id);
      if (review.reviewState === 'approved') return true;
      return review.history.findLast((step) => step.action === 'publish' && !step.by?.outside)?.version === version;
    },

    /** What waits for this person's review, overdue (and soonest due) first. */
    async waitingFor(userId: string): Promise<Array<{ type: string; id: string; dueAt: string | null }>> {
      const rows = await db.selectFrom('record_reviews').select(['record_type', 'record_id', 'due_at']).where('state', '=', 'in_review').where('assignee_id', '=', userId).execute();
      return rows
        .map((row) => ({ type: String(row.record_type), id: String(row.record_id), dueAt: row.due_at ? String(row.due_at) : null }))
        .sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999'));
    },

    /** The reviews with a step since `since`, with every step (the dashboard's decisions). */
    async since(since: string): Promise<Array<{ type: string; id: string; review: Review }>> {
      const rows = await db.selectFrom('record_reviews').select(['record_type', 'record_id']).where('updated_at', '>=', since).orderBy('updated_at', 'desc').limit(200).execute();
      return Promise.all(rows.map(async (row) => ({ type: String(row.record_type), id: String(row.record_id), review: await get(String(row.record_type), String(row.record_id)) })));
    },

    async approved(type: string, id: string): Promise<boolean> {
      return (await get(type, id)).reviewState === 'approved';
    },
  };
}
