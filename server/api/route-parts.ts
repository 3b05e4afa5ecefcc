import { z } from 'zod';
import type { JsonSchema } from '../http/route.ts';

/*
 * Small parts the route declarations of several files share: a component of the OpenAPI document
 * by name, an answer without data, and the usual path parameters.
 */

/** A schema the OpenAPI document names in its components (User, Subscriber, SiteConfig …). */
export const component = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** An answer whose `data` is null (the message says what happened). */
export const NO_DATA: JsonSchema = { type: 'null' };
/** An object the document does not spell out. */
export const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

/** A record's id in the path: 24 hexadecimal characters. */
export const RecordIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/).describe('24 hexadecimal characters') });
/** An id in the path the handler looks up as given. */
export const idParams = (description: string) => z.object({ id: z.string().describe(description) });
