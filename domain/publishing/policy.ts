import { can } from '../access/permissions.ts';
import type { Check } from '../checks/document-checks.ts';
import type { TextSaved } from '../shared/entity.ts';
import { AppError } from '../shared/errors.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { Review, Reviews } from './approval.ts';
import { assertChecksPass } from './checks-gate.ts';
import { overridden } from './override.ts';
import { assertInScope } from './scope.ts';
import type { Action } from '../access/permissions.ts';
import type { WorkingCopies } from './working-copies.ts';

/*
 * Publishing's one policy (API-3.md "Working copies, review and sign-off", "Checks before
 * publishing"): every write of a publishable record passes through it — a create, an update, a
 * restore, a delete, a working copy published now or at its moment. Each of its rules is a
 * required member: a host cannot build a record service that skips one.
 */

/** One save of a record as the policy judges it, before it is stored. */
export interface PublishingWrite {
  type: RecordType;
  /** undefined: a record not saved yet (a create). */
  id: string | undefined;
  /** The values as they will be stored. */
  values: Record<string, unknown>;
  /** When each language's texts were saved (the checks read what is new). */
  textSaved: TextSaved;
  actor: Actor | undefined;
  /** What the activity log calls the record (`News article "…"`). */
  title: string;
  /** An administrator's `override: { reason }`, as given. */
  override?: unknown;
  /** The approval was asked already (a working copy being published): true when it goes out approved. */
  signedOff?: boolean;
}

/** What the policy is made of: the site's rules and where sign-off is kept. */
export interface PublishingRules {
  copies: WorkingCopies;
  reviews: Reviews;
  /** The site's setting "publishing needs approval" (site configuration, `publishing.requireApproval`). */
  needsApproval(): Promise<boolean>;
  /** The errors in the default language that keep values from being published; `id` undefined for a record not saved yet. */
  blockingChecks(type: RecordType, id: string | undefined, values: Record<string, unknown>, textSaved: TextSaved): Promise<Check[]>;
  /** Where an override is kept with its reason (the activity log). */
  changed(event: ChangeEvent): Promise<void>;
  /** A record was submitted for review: the person asked is told. */
  reviewSubmitted(type: RecordType, record: Record<string, unknown> & { _id: string }, review: Review, actor?: Actor): Promise<void>;
  /** An approver approved or asked for changes: whoever sent it for review (or saved the copy) is told. */
  reviewDecided(type: RecordType, record: Record<string, unknown> & { _id: string }, review: Review, actor?: Actor): Promise<void>;
  /** The names of practice areas (services) in the default language, for a refusal that names them. */
  practiceNames(ids: readonly string[]): Promise<string[]>;
}

export interface PublishingPolicy {
  /** Where working copies are kept. */
  readonly copies: WorkingCopies;
  /** Sign-off of records. */
  readonly reviews: Reviews;
  /** Whether the site asks for approval before publishing (a post to a channel asks too). */
  needsApproval(): Promise<boolean>;
  /**
   * Before a create, update or restore is stored: what goes public (now or at its "Publish at")
   * must be approved when the site asks for approval (403 `approval_required`) and pass the checks
   * (422 `checks_failed`); an administrator may override either with a reason. Answers whether it
   * goes out approved.
   */
  beforeSave(write: PublishingWrite): Promise<boolean>;
  /**
   * Before any write of a record (create, update, working copy, publish, restore, delete, a review
   * step): an actor limited to some practice areas acts only on records that name one of them
   * (403 `out_of_scope`); `record` is the record as stored, or the values of a create.
   */
  assertInScope(write: { type: RecordType; record: Record<string, unknown>; actor: Actor | undefined; action: Action }): Promise<void>;
  /** Before a working copy goes out (asked now, or at its moment with `due`: no override then): its approval. */
  beforeCopyPublished(write: PublishingWrite, due: boolean): Promise<boolean>;
  /** After a save: an approval no longer stands, or (with `publishedVersion`) what was approved went out as that version. */
  afterSave(type: RecordType, id: string, actor: Actor | undefined, publishedVersion?: number): Promise<void>;
  /** After a delete: the record's working copy goes with it. */
  afterRemove(type: RecordType, id: string): Promise<void>;
  /** A review step was taken: whoever must know is told (a failure to tell fails nothing). */
  reviewStepTaken(type: RecordType, record: Record<string, unknown> & { _id: string }, review: Review, actor?: Actor): Promise<void>;
}

/** Values a visitor sees now, or will at their "Publish at" without anyone asked again: publishing either way. */
const goesPublic = (type: RecordType, values: Record<string, unknown>) => {
  const state = type.publicState(values, new Date().toISOString());
  return state === 'published' || state === 'scheduled';
};

export function createPublishingPolicy(rules: PublishingRules): PublishingPolicy {
  /**
   * With "publishing needs approval" on, what is about to be public must be approved (403
   * `approval_required` otherwise); an administrator may publish anyway with a reason, which the
   * activity log keeps. Answers whether it goes out approved (the review keeps which version did).
   */
  async function assertSignedOff({ type, id, override, actor, title }: PublishingWrite): Promise<boolean> {
    // What was approved goes out as approved whether the site asks for approval or not (its
    // review says "published as approved", not "changed after approval").
    if (id && (await rules.reviews.approved(type.name, id))) return true;
    if (!(await rules.needsApproval())) return false;
    if (await overridden(rules.changed, { type, id, override, actor }, `${title}: published without approval`, 'without approval')) return false;
    throw new AppError(403, 'FORBIDDEN', `Publishing needs approval on this site: submit it for review, and an approver or an administrator approves it.${can(actor, 'record.override') ? ' As an administrator you may publish anyway with override: { reason }.' : ''}`, { reason: 'approval_required' });
  }

  return {
    copies: rules.copies,
    reviews: rules.reviews,
    needsApproval: () => rules.needsApproval(),

    async beforeSave(write) {
      const approved = write.signedOff ?? (goesPublic(write.type, write.values) ? await assertSignedOff(write) : false);
      if (goesPublic(write.type, write.values)) await assertChecksPass(rules, write);
      return approved;
    },

    assertInScope: (write) => assertInScope(write, rules.practiceNames),

    beforeCopyPublished: (write, due) => assertSignedOff(due ? { ...write, override: undefined } : write),

    async afterSave(type, id, actor, publishedVersion) {
      await rules.reviews.changed(type.name, id, actor, publishedVersion);
    },

    async afterRemove(type, id) {
      await rules.copies.remove(type.name, id);
    },

    async reviewStepTaken(type, record, review, actor) {
      const last = review.history[review.history.length - 1];
      const tell = last?.action === 'submit' ? rules.reviewSubmitted : rules.reviewDecided;
      await tell(type, record, review, actor).catch(() => undefined);
    },
  };
}
