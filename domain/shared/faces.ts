import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

/*
 * The site's own faces (Lora, Inter from @fontsource) read on the server: the covers draw their
 * outlines, and the checks before publishing measure a search snippet's width with them.
 */

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext'] as const;
const require = createRequire(import.meta.url);

export type Face = readonly opentype.Font[];
const faces = new Map<string, Face>();

/** One face as its subset files; a character is drawn from the first file that has it. */
export function face(family: 'lora' | 'inter', weight: 600 | 400): Face {
  const key = `${family}-${weight}`;
  const known = faces.get(key);
  if (known) return known;
  const loaded = SUBSETS.map((subset) => {
    const bytes = readFileSync(require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`));
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
  faces.set(key, loaded);
  return loaded;
}

export function glyphOf(fonts: Face, char: string): { font: opentype.Font; glyph: opentype.Glyph } {
  for (const font of fonts) {
    const index = font.charToGlyphIndex(char);
    if (index > 0) return { font, glyph: font.glyphs.get(index) };
  }
  return { font: fonts[0], glyph: fonts[0].glyphs.get(0) };
}

export function textWidth(fonts: Face, text: string, size: number): number {
  let width = 0;
  for (const char of text) {
    const { font, glyph } = glyphOf(fonts, char);
    width += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm;
  }
  return width;
}

