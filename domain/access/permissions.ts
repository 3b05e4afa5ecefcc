import { ROLES, type Role } from '../users/user-schema.ts';

/**
 * The one vocabulary of what people may do. Every rule about roles is a row here: the server's
 * guards, the domain's rules and the admin's buttons all ask `can(user, action, resource)`, and the
 * permission test walks every route with every role against this table.
 *
 * A role not named on a row may not do it; an anonymous visitor may do none of these (what a
 * visitor may do is the public API, not an action).
 */
export const PERMISSIONS = {
  /** Admin reads: drafts, versions, reviews, checks, comments, the schedule, translation status. */
  'content.read': ['admin', 'editor', 'approver', 'translator'],
  /** Change a record's text. A translator only in their languages (see `languagesFor`). */
  'record.edit': ['admin', 'editor', 'approver', 'translator'],
  /** Comment on a record under review. */
  'record.comment': ['admin', 'editor', 'approver', 'translator'],
  /** Ask the translation service (MT_PROVIDER) for a machine draft of a language. A translator only into theirs. */
  'record.machineTranslate': ['admin', 'editor', 'translator'],
  'record.create': ['admin', 'editor', 'approver'],
  'record.delete': ['admin', 'editor', 'approver'],
  /** Publish, unpublish, schedule, restore a version, publish a working copy. */
  'record.publish': ['admin', 'editor', 'approver'],
  /** Give the approval that publishing waits for (never through an outside reviewer's link). */
  'record.approve': ['admin', 'approver'],
  /** Publish anyway over failed checks or a missing approval, with a reason kept in the log. */
  'record.override': ['admin'],
  /** Make a signed link for a reviewer outside the firm. */
  'review.askOutside': ['admin', 'approver'],
  /** Read the fields a type marks confidential (a matter's client, a request's contact details). */
  'matter.readClient': ['admin', 'editor', 'approver'],
  'media.upload': ['admin', 'editor', 'approver'],
  'media.delete': ['admin', 'editor', 'approver'],
  /** Contact requests and new-matter requests: read, answer, export, delete. */
  'contact.manage': ['admin', 'editor', 'approver'],
  /** Ask a client for files through a signed upload link. */
  'intake.askUpload': ['admin', 'editor', 'approver'],
  /** Download a file a visitor sent (decrypted from the vault). */
  'intake.download': ['admin', 'editor', 'approver'],
  'redirect.manage': ['admin', 'editor', 'approver'],
  /** The activity log, the trash and the analytics. */
  'site.observe': ['admin', 'editor', 'approver'],
  'eventRegistration.read': ['admin', 'editor', 'approver'],
  'eventRegistration.remove': ['admin', 'editor'],
  /** Telegram channel posts and e-mail alerts of a record. */
  'channel.post': ['admin', 'editor', 'approver'],
  /** Releases: make one, add and take out records, schedule it (API-4.md). */
  'release.manage': ['admin', 'editor'],
  /** Publish a release now (each item still under the publishing policy). */
  'release.publish': ['admin', 'editor'],
  'subscription.manage': ['admin'],
  'user.manage': ['admin'],
  'language.manage': ['admin'],
  /** Change and preview a language's interface texts. A translator only of that language. */
  'language.translateTexts': ['admin', 'translator'],
  /** Add, change, delete, import the termbase's terms (everyone signed in reads it under content.read). */
  'term.manage': ['admin', 'editor'],
  'siteConfig.manage': ['admin'],
  /** A person's consents, with the words and facts they were shown (GET /api/privacy/consents). */
  'privacy.consents': ['admin'],
  /** Run the link check of every document now. */
  'links.check': ['admin'],
  /** The purges of the CDN or shared cache in front (GET /api/admin/edge). */
  'edge.observe': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];
export { ROLES, type Role };

/** Who is asking: a signed-in user (or their actor in the domain); undefined is an anonymous visitor. */
export interface Subject {
  role?: Role | string;
  /** The languages a translator may change. */
  languages?: readonly string[];
  /** Practice-area scope: the services whose records they may create and change (null or absent: all). */
  scope?: { services: readonly string[] } | null;
}

/** What the action is done to, where the rule depends on it. */
export interface Resource {
  /** The language being changed (a translator may change only theirs). */
  language?: string;
  /**
   * The services a record names (its `services`, `topics`, its own id for a service): one with a
   * practice-area scope may act on it only when one of them is theirs.
   */
  services?: readonly string[];
}

function isRole(role: unknown): role is Role {
  return ROLES.some((known) => known === role);
}

/** Roles bound to a language: they may do a language-bound action only in their own languages. */
const LANGUAGE_BOUND: ReadonlySet<Role> = new Set(['translator']);

export function can(subject: Subject | undefined | null, action: Action, resource: Resource = {}): boolean {
  if (!subject || !isRole(subject.role)) return false;
  const roles: readonly Role[] = PERMISSIONS[action];
  if (!roles.includes(subject.role)) return false;
  if (resource.language !== undefined && LANGUAGE_BOUND.has(subject.role) && !(subject.languages ?? []).includes(resource.language)) return false;
  if (resource.services !== undefined && subject.scope) return resource.services.some((id) => subject.scope!.services.includes(id));
  return true;
}

/** The languages this subject may do the action in: 'all', or a list (a translator's own). */
export function languagesFor(subject: Subject | undefined | null, action: Action): 'all' | readonly string[] {
  if (!can(subject, action)) return [];
  return subject && isRole(subject.role) && LANGUAGE_BOUND.has(subject.role) ? (subject.languages ?? []) : 'all';
}

/** The roles that may do an action (for messages: "only an administrator or an approver can"). */
export function rolesFor(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}
