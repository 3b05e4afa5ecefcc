import { z } from 'zod';

/*
 * A release (API-4.md "Releases, the calendar and bulk actions"): records × languages ×
 * publish/unpublish, and channel posts, applied at once, now or at `publishAt`. Safe for the
 * browser: the admin's release screen reads the same shapes.
 */

export const RELEASE_STATES = ['open', 'scheduled', 'published', 'failed'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

const ID = z.string({ error: 'Give the record’s id' }).regex(/^[0-9a-f]{24}$/, { message: 'Give the record’s id (24 hexadecimal characters)' });
const TYPE = z.string({ error: 'Give the record’s type' }).min(1, { message: 'Give the record’s type' }).max(40);
const LANG = z.string().min(2).max(12);

export const ReleaseItemSchema = z.strictObject({
  type: TYPE,
  id: ID,
  action: z.enum(['publish', 'unpublish'], { error: 'action must be publish or unpublish' }),
  /** The languages whose texts of the working copy go out (default: all); another language’s text stays as it is public. */
  languages: z.array(LANG).min(1).max(20).optional(),
});
export type ReleaseItem = z.infer<typeof ReleaseItemSchema>;

export const ChannelPostItemSchema = z.strictObject({ type: TYPE, id: ID, lang: LANG });
type ChannelPostItem = z.infer<typeof ChannelPostItemSchema>;

const TITLE = z.string({ error: 'Give the release a title' }).trim().min(1, { message: 'Give the release a title' }).max(200, { message: 'The title may be up to 200 characters' });
const PUBLISH_AT = z.iso.datetime({ offset: true, error: 'publishAt must be a date and time such as 2027-01-01T00:00:00+05:00' }).nullable();

export const ReleaseInputSchema = z.strictObject({
  title: TITLE,
  notes: z.string().max(5000, { message: 'The notes may be up to 5000 characters' }).optional(),
  /** When it goes out by itself; null or absent: only when someone publishes it. */
  publishAt: PUBLISH_AT.optional(),
  items: z.array(ReleaseItemSchema).max(200, { message: 'A release may hold up to 200 items' }).optional(),
  channelPosts: z.array(ChannelPostItemSchema).max(50).optional(),
});

export const ReleaseUpdateSchema = ReleaseInputSchema.partial().extend({ version: z.number().int().positive().optional() });

/** Why an item would not go out (readiness), or why it was refused (an error's details). */
export const ITEM_PROBLEMS = ['not_found', 'not_publishable', 'in_release', 'missing_language', 'stale_version', 'checks_failed', 'approval_required', 'not_public', 'no_channel'] as const;
export type ItemProblem = (typeof ITEM_PROBLEMS)[number];

export interface ReleaseReadiness {
  type: string;
  id: string;
  title: string;
  action: 'publish' | 'unpublish';
  /** The working copy goes out with it. */
  hasCopy: boolean;
  approval: 'approved' | 'needed' | 'not_needed';
  ready: boolean;
  problems: Array<{ code: ItemProblem; message: string; lang?: string; codes?: string[] }>;
}

export interface Release {
  _id: string;
  title: string;
  notes: string;
  publishAt: string | null;
  items: ReleaseItem[];
  channelPosts: ChannelPostItem[];
  state: ReleaseState;
  /** Why a scheduled release could not go out. */
  reason: string | null;
  createdBy: { _id: string; email: string } | null;
  scheduledBy: { _id: string; email: string } | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
