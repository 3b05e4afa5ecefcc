import { z } from 'zod';
import { MARKS, NODES } from './document.ts';

/*
 * The shape of a document's JSON (API-3.md "Documents") as a zod schema, from the one list of nodes
 * and marks in document.ts: what the OpenAPI document and a typed client say a document is. Where
 * each node may stand, the limits and the safe links are `documentProblem`'s rules (it validates).
 */

/** A page of the site a link points to. */
const DocReferenceSchema = z.object({ type: z.string(), id: z.string(), anchor: z.string().optional() });

const DocMarkSchema = z.object({
  type: z.enum(MARKS),
  attrs: z.object({ href: z.string().optional(), ref: DocReferenceSchema.optional() }).optional().describe('Only a link has attributes: an address (href) or a page of the site (ref)'),
});

const DocNodeSchema: z.ZodType<{ type: (typeof NODES)[number]; attrs?: Record<string, unknown>; text?: string; marks?: z.infer<typeof DocMarkSchema>[]; content?: unknown[] }> = z.object({
  type: z.enum(NODES.filter((node) => node !== 'doc') as [Exclude<(typeof NODES)[number], 'doc'>, ...Exclude<(typeof NODES)[number], 'doc'>[]]),
  attrs: z.record(z.string(), z.unknown()).optional().describe('heading: level; orderedList: start; image: src, alt, caption'),
  text: z.string().optional(),
  marks: z.array(DocMarkSchema).optional(),
  get content() {
    return z.array(DocNodeSchema).optional();
  },
});

/** A whole document: `{ type: 'doc', content: [blocks] }`. */
const DocumentSchema = z.object({ type: z.literal('doc'), content: z.array(DocNodeSchema) });

/** The schemas by the names the OpenAPI document gives them. */
export const DOCUMENT_SCHEMAS = { Document: DocumentSchema, DocNode: DocNodeSchema, DocMark: DocMarkSchema } as const;

/**
 * A document field's value in one language as a record's schema reads it: a document or a plain
 * text, checked by `documentProblem` (so any value here); the OpenAPI document shows it as
 * `Document | string` by this very schema.
 */
export const DOCUMENT_OR_TEXT = z.unknown();
