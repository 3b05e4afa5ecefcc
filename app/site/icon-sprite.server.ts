import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LOGO_DRAWING, SOCIAL_PATHS } from './icons.tsx';
import * as icons from './lucide.ts';
import { lucideSvg, type SpriteIcon } from './lucide.ts';

const isSpriteIcon = (value: unknown): value is SpriteIcon => typeof value === 'object' && value !== null && 'spriteId' in value && 'lucide' in value;

/** Lucide's drawing of an icon: what its `<svg>` holds, with no attribute of the `<svg>` itself (those are the `.icon` rule's). */
function drawingOf(icon: SpriteIcon): string {
  let drawing = '';
  const Draw = () => {
    const svg = lucideSvg(icon.lucide, {});
    if (!svg) throw new Error(`${icon.spriteId}: Lucide's component no longer renders an <svg>`);
    drawing = renderToStaticMarkup(createElement(Fragment, null, svg.props.children as never));
    return null;
  };
  // Rendered inside React (Lucide reads its context).
  renderToStaticMarkup(createElement(Draw));
  return drawing;
}

/**
 * app/site/icons.svg: one `<symbol>` for each icon of the public pages (app/site/lucide.ts, the
 * social networks' marks and the firm's), which the pages show with `<use href="…#id">`.
 * tests/site/icons.test.ts checks that it is this, and writes it anew with UPDATE_ICON_SPRITE=1.
 */
export function iconSprite(): string {
  const symbols = Object.values(icons)
    .filter(isSpriteIcon)
    .sort((a, b) => a.spriteId.localeCompare(b.spriteId))
    .map((icon) => `<symbol id="${icon.spriteId}" viewBox="0 0 24 24">${drawingOf(icon)}</symbol>`);
  for (const [network, path] of Object.entries(SOCIAL_PATHS)) symbols.push(`<symbol id="social-${network}" viewBox="0 0 24 24"><path d="${path}"/></symbol>`);
  symbols.push(`<symbol id="logo" viewBox="0 0 64 64">${LOGO_DRAWING}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
