import { face, textWidth } from '../shared/faces.ts';

/*
 * How much of a page's title and description a search engine shows, measured in pixels with the
 * site's own face (Inter, regular) at the sizes search results use: a title of 20 px is cut after
 * about 600 px, a description of 14 px after about 920 px (two lines). docs/checks.md says why.
 */
export const SNIPPET = {
  title: { size: 20, limit: 600 },
  description: { size: 14, limit: 920 },
} as const;

/** The width in pixels of `text` as a search result's title or description, rounded. */
export function snippetWidth(text: string, part: keyof typeof SNIPPET): number {
  return Math.round(textWidth(face('inter', 400), text.replace(/\s+/g, ' ').trim(), SNIPPET[part].size));
}
