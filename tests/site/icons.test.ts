/*
 * The public pages' icons (app/site/lucide.ts) are references to one sprite (app/site/icons.svg)
 * whose symbols are Lucide's own drawings; an icon given props the sprite cannot stand for is
 * Lucide's, byte for byte. Each is made once per set of props and then reused.
 * UPDATE_ICON_SPRITE=1 writes the sprite anew (after an icon is added or Lucide updated).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconSprite } from '../../app/site/icon-sprite.server.ts';
import { LogoMark, SocialIcon } from '../../app/site/icons.tsx';
import * as site from '../../app/site/lucide.ts';

const SPRITE_FILE = path.resolve(import.meta.dirname, '../../app/site/icons.svg');
const icons = Object.values(site).filter((value): value is site.SpriteIcon => typeof value === 'object' && value !== null && 'spriteId' in value);
/** A value as React writes it in an attribute. */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const HREF = attr(site.SPRITE_URL);
const render = (icon: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) => renderToStaticMarkup(createElement(icon, props));

/** Props the sprite stands for: Lucide's `<svg>` less its defaults and `lucide-…` classes, with `icon` first, around a `<use>`. */
const SPRITE_PROPS: Array<[Record<string, unknown>, string]> = [
  [{}, 'class="icon" aria-hidden="true"'],
  [{ className: 'h-4 w-4', 'aria-hidden': 'true' }, 'class="icon h-4 w-4" aria-hidden="true"'],
  [{ className: 'h-6 w-6 text-accent-500', 'aria-hidden': 'true', focusable: 'false' }, 'class="icon h-6 w-6 text-accent-500" aria-hidden="true" focusable="false"'],
  [{ 'aria-label': 'Qidiruv', role: 'img' }, 'class="icon" aria-label="Qidiruv" role="img"'],
];
/** Props it does not stand for: Lucide's own drawing. */
const LUCIDE_PROPS: Array<Record<string, unknown>> = [{ size: 18, strokeWidth: 1.5 }, { className: 'h-4 w-4', style: { color: 'red' } }, { color: '#c00' }, { absoluteStrokeWidth: true, size: 16 }];

describe('the public pages’ icons', () => {
  it('are drawn in the sprite as Lucide draws them (UPDATE_ICON_SPRITE=1 writes it anew)', () => {
    const sprite = iconSprite();
    if (process.env.UPDATE_ICON_SPRITE) fs.writeFileSync(SPRITE_FILE, sprite);
    expect(fs.readFileSync(SPRITE_FILE, 'utf8')).toBe(sprite);
    expect(icons.length).toBeGreaterThan(30);
    for (const icon of icons) {
      const lucideHtml = render(icon.lucide as never, {});
      const drawing = lucideHtml.slice(lucideHtml.indexOf('>') + 1, lucideHtml.lastIndexOf('</svg>'));
      expect(drawing, icon.spriteId).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse)/);
      expect(sprite, icon.spriteId).toContain(`<symbol id="${icon.spriteId}" viewBox="0 0 24 24">${drawing}</symbol>`);
    }
    // Every symbol a page may name is there, once.
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['logo', 'social-facebook', 'social-telegram', ...icons.map((icon) => icon.spriteId)]));
  });

  it('name their symbol with Lucide’s attributes less its defaults, the first time and when kept', () => {
    for (const icon of icons) {
      const original = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[icon.displayName!];
      expect(original, icon.displayName).toBe(icon.lucide);
      for (const [props, attributes] of SPRITE_PROPS) {
        const expected = `<svg ${attributes}><use href="${HREF}#${icon.spriteId}"></use></svg>`;
        expect(render(icon as never, props), `${icon.spriteId} ${JSON.stringify(props)}`).toBe(expected);
        expect(render(icon as never, props), `${icon.spriteId} ${JSON.stringify(props)}, kept`).toBe(expected);
      }
      for (const props of LUCIDE_PROPS) {
        const expected = render(original, props);
        expect(expected).toContain('stroke-linejoin');
        expect(render(icon as never, props), `${icon.spriteId} ${JSON.stringify(props)}`).toBe(expected);
        expect(render(icon as never, props), `${icon.spriteId} ${JSON.stringify(props)}, kept`).toBe(expected);
      }
    }
  });

  it('show the social networks’ and the firm’s marks from the sprite', () => {
    expect(renderToStaticMarkup(createElement(SocialIcon, { network: 'telegram' }))).toBe(`<svg class="h-5 w-5" aria-hidden="true" focusable="false" fill="currentColor"><use href="${HREF}#social-telegram"></use></svg>`);
    expect(renderToStaticMarkup(createElement(SocialIcon, { network: 'myspace' }))).toContain('#social-facebook"');
    expect(renderToStaticMarkup(createElement(LogoMark, { className: 'h-9 w-9' }))).toBe(`<svg class="h-9 w-9" aria-hidden="true" focusable="false"><use href="${HREF}#logo"></use></svg>`);
  });

  it('keeps the element made for plain props, and makes it anew for others (a style object, children)', () => {
    const renderOf = (site.ArrowRight as unknown as { render: (props: object, ref: unknown) => unknown }).render;
    const made: unknown[] = [];
    // Called while React renders (Lucide reads its context).
    const Probe = () => {
      made.push(renderOf({ className: 'h-4 w-4', 'aria-hidden': 'true' }, null), renderOf({ className: 'h-4 w-4', 'aria-hidden': 'true' }, null));
      made.push(renderOf({ className: 'h-4 w-4', style: { color: 'red' } }, null), renderOf({ className: 'h-4 w-4', style: { color: 'red' } }, null));
      made.push(renderOf({ size: 16 }, null), renderOf({ size: '16' }, null));
      return null;
    };
    renderToStaticMarkup(createElement(Probe));
    // Fails when Lucide's components are no longer what lucide.ts unwraps: it would then make every icon anew.
    expect(made[0]).toBe(made[1]);
    expect(made[2]).not.toBe(made[3]);
    expect(made[4]).not.toBe(made[5]);
  });
});
