import type opentype from 'opentype.js';
import sharp from 'sharp';
import { face, glyphOf, textWidth, type Face } from '../shared/faces.ts';

/*
 * Typographic pictures in the firm's colours: a cover made of an article's title, its category and
 * the firm's mark (also the JPEG share card). Text is drawn as outlines from the site's own faces
 * (Lora, Inter from @fontsource), so a picture looks the same on a server with no fonts installed,
 * in Uzbek Latin, Russian and Uzbek Cyrillic.
 */

const NAVY = '#0c2140';
const NAVY_LIGHT = '#173f70';
const GOLD = '#c8962e';
const IVORY = '#faf7f0';

const n = (value: number) => String(Math.round(value * 10) / 10);

/** SVG path data of outline commands (opentype.js's own rounding prints NaN for parts below 1e-6). */
function pathData(commands: opentype.PathCommand[]): string {
  return commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/** The outline of one line of text as SVG path data, starting at (x, baseline). */
function textPath(fonts: Face, text: string, x: number, baseline: number, size: number): string {
  let cursor = x;
  let data = '';
  for (const char of text) {
    const { font, glyph } = glyphOf(fonts, char);
    data += pathData(glyph.getPath(cursor, baseline, size).commands);
    cursor += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm;
  }
  return data;
}

/** Words into lines no wider than `width`; a word longer than a line stands alone. At most `max` lines, the last one ended with an ellipsis when cut. */
function wrap(fonts: Face, text: string, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(fonts, candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1];
  while (last.length > 1 && textWidth(fonts, `${last}…`, size) > width) last = last.slice(0, -1).trimEnd();
  kept[max - 1] = `${last}…`;
  return kept;
}

export interface CoverText {
  title: string;
  /** A short line above the title: the category or the kind of page. */
  label?: string;
  /** The firm's name, written at the foot with its mark. */
  firm: string;
}

/** The firm's mark: a gold rule with a small pillar, as in the site's logo. */
function mark(x: number, y: number, scale: number): string {
  const s = (value: number) => (value * scale).toFixed(1);
  return `<g fill="${GOLD}" transform="translate(${x} ${y})"><path d="M0 ${s(10)} L${s(16)} 0 L${s(32)} ${s(10)} Z"/><rect x="${s(3)}" y="${s(13)}" width="${s(5)}" height="${s(15)}"/><rect x="${s(13.5)}" y="${s(13)}" width="${s(5)}" height="${s(15)}"/><rect x="${s(24)}" y="${s(13)}" width="${s(5)}" height="${s(15)}"/><rect x="0" y="${s(30)}" width="${s(32)}" height="${s(4)}"/></g>`;
}

/** A 1200×630 cover: label, title in the display face (as large as fits in four lines), firm mark. */
export function coverSvg({ title, label, firm }: CoverText): string {
  const width = 1200;
  const height = 630;
  const margin = 88;
  const display = face('lora', 600);
  const text = face('inter', 600);
  let size = 72;
  let lines = wrap(display, title, size, width - margin * 2, 4);
  while (size > 44 && (lines.length > 3 || lines.some((line) => line.endsWith('…')))) {
    size -= 4;
    lines = wrap(display, title, size, width - margin * 2, 4);
  }
  const leading = size * 1.18;
  const top = 250 - ((lines.length - 1) * leading) / 2 + size * 0.35;
  const titlePaths = lines.map((line, index) => textPath(display, line, margin, top + index * leading, size)).join(' ');
  const labelText = label?.trim().toUpperCase() ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY_LIGHT}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <rect x="${margin}" y="0" width="4" height="64" fill="${GOLD}"/>
  <circle cx="${width - 40}" cy="${height + 80}" r="300" fill="none" stroke="${GOLD}" stroke-opacity="0.22" stroke-width="2"/>
  <circle cx="${width - 40}" cy="${height + 80}" r="360" fill="none" stroke="${GOLD}" stroke-opacity="0.12" stroke-width="2"/>
  ${labelText ? `<path fill="${GOLD}" d="${textPath(text, labelText.length > 48 ? `${labelText.slice(0, 47)}…` : labelText, margin, 122, 22)}"/>` : ''}
  <path fill="${IVORY}" d="${titlePaths}"/>
  <rect x="${margin}" y="${height - 122}" width="${width - margin * 2}" height="1" fill="${IVORY}" fill-opacity="0.25"/>
  ${mark(margin, height - 92, 1.2)}
  <path fill="${IVORY}" d="${textPath(text, firm, margin + 56, height - 60, 26)}"/>
</svg>`;
}

/** An SVG drawn as the PNG that the upload pipeline takes in. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An SVG drawn as a JPEG share card. */
export async function svgToJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
