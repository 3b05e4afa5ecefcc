import * as lucide from 'lucide-react';
import type { LucideIcon, LucideProps } from 'lucide-react';
import { createElement, forwardRef, isValidElement, type ReactElement } from 'react';
import SPRITE from './icons.svg?url';

/*
 * The public pages' icons, drawn once in a sprite (app/site/icons.svg, a hashed asset kept by
 * browsers for a year) and shown by reference: `<svg class="icon h-6 w-6" aria-hidden="true"><use
 * href="/assets/icons-HASH.svg#shield"></use></svg>`, about 100 bytes where Lucide's inline
 * drawing took 300–700 (the home page's 99 icons were 41 KB of its 89). Lucide's default
 * attributes (size 24, no fill, a 2-unit round stroke in the text's colour) are the `.icon` rule of
 * app/app.css, in the base layer, so the pages' utility classes (`h-4 w-4`, `fill-amber-400`)
 * still win over them as they won over the attributes; the drawing inherits them through `<use>`.
 * An icon given anything else (another size or stroke, a style, children, a ref) is Lucide's own.
 *
 * Each icon is made once for the props it is given and then the same element at every render:
 * Lucide builds an icon's attributes anew at each render (defaults merged, classes split and
 * joined), which was 0.9 ms of the home page's render. tests/site/icons.test.ts holds the sprite
 * to Lucide's drawings (and writes it anew with UPDATE_ICON_SPRITE=1) and compares the two in Chromium.
 */

/** The sprite's address, as the pages name it (`/assets/icons-HASH.svg` once built). */
export const SPRITE_URL = SPRITE;

/** How many different sets of props an icon keeps (the pages use a few; more are made each time). */
const KEPT_PER_ICON = 32;

/** Lucide's own attributes of every icon (its defaultAttributes, the stroke being the colour): the `.icon` rule stands for them. */
const LUCIDE_DEFAULTS: Record<string, unknown> = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
};

/** What a forwardRef component's element renders to (its `render` called as React would), or undefined for any other. */
function renderedBy(element: ReactElement): unknown {
  const type: unknown = element.type;
  if (typeof type !== 'object' || type === null || !('render' in type) || typeof type.render !== 'function') return undefined;
  return Reflect.apply(type.render, undefined, [element.props, null]);
}

/** What Lucide's component renders for `props`: its own forwardRef components, unwrapped down to the `<svg>`. */
export function lucideSvg(icon: LucideIcon, props: LucideProps): ReactElement<Record<string, unknown>> | null {
  let element: unknown = createElement(icon, props);
  for (let depth = 0; depth < 4 && isValidElement(element) && typeof element.type === 'object'; depth += 1) element = renderedBy(element);
  return isValidElement<Record<string, unknown>>(element) && element.type === 'svg' ? element : null;
}

/**
 * Lucide's `<svg>` as a reference to the sprite's symbol `id`: its own attributes but Lucide's
 * defaults and its `lucide-…` classes, which `.icon` stands for; null when it has others.
 */
function spriteSvg(svg: ReactElement<Record<string, unknown>>, id: string): ReactElement | null {
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(svg.props)) {
    if (name === 'children' || value === undefined || value === null) continue;
    if (name in LUCIDE_DEFAULTS) {
      if (value !== LUCIDE_DEFAULTS[name]) return null;
    } else attributes[name] = value;
  }
  if (Object.keys(LUCIDE_DEFAULTS).some((name) => !(name in svg.props))) return null;
  const classes = String(attributes.className ?? '')
    .split(' ')
    .filter((name) => name && !name.startsWith('lucide'));
  return createElement('svg', { ...attributes, className: ['icon', ...classes].join(' ') }, createElement('use', { href: `${SPRITE}#${id}` }));
}

/** A string naming plain props (strings, numbers, booleans) in the order given, or undefined when any is not one (no array made: ~100 icons a page). */
function keyOf(props: object): string | undefined {
  let key = '';
  for (const name in props) {
    const value: unknown = Reflect.get(props, name);
    const type = typeof value;
    if (type === 'undefined') continue;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    key += `${name}\u0000${type[0]}${String(value)}\u0000`;
  }
  return key;
}

/** A public page's icon: the sprite's symbol `id` (Lucide's drawing of `icon`), or Lucide's own for props the sprite cannot stand for. */
export type SpriteIcon = LucideIcon & { spriteId: string; lucide: LucideIcon };

export function kept(icon: LucideIcon, id: string): SpriteIcon {
  const made = new Map<string, ReactElement>();
  const Kept = forwardRef<SVGSVGElement, LucideProps>(function Kept(props, ref) {
    const key = ref ? undefined : keyOf(props);
    if (key === undefined) return createElement(icon, { ...props, ref });
    const found = made.get(key);
    if (found) return found;
    const svg = lucideSvg(icon, props);
    if (!svg) return createElement(icon, props);
    const shown = spriteSvg(svg, id) ?? svg;
    if (made.size < KEPT_PER_ICON) made.set(key, shown);
    return shown;
  });
  Kept.displayName = icon.displayName;
  return Object.assign(Kept, { spriteId: id, lucide: icon });
}

export const ArrowLeft = kept(lucide.ArrowLeft, 'arrow-left');
export const ArrowRight = kept(lucide.ArrowRight, 'arrow-right');
export const Award = kept(lucide.Award, 'award');
export const Briefcase = kept(lucide.Briefcase, 'briefcase');
export const Calendar = kept(lucide.Calendar, 'calendar');
export const CalendarDays = kept(lucide.CalendarDays, 'calendar-days');
export const ChevronDown = kept(lucide.ChevronDown, 'chevron-down');
export const CircleCheck = kept(lucide.CircleCheck, 'circle-check');
export const Clock = kept(lucide.Clock, 'clock');
export const ExternalLink = kept(lucide.ExternalLink, 'external-link');
export const FileText = kept(lucide.FileText, 'file-text');
export const Gavel = kept(lucide.Gavel, 'gavel');
export const Globe = kept(lucide.Globe, 'globe');
export const GraduationCap = kept(lucide.GraduationCap, 'graduation-cap');
export const Handshake = kept(lucide.Handshake, 'handshake');
export const Heart = kept(lucide.Heart, 'heart');
export const Languages = kept(lucide.Languages, 'languages');
export const Mail = kept(lucide.Mail, 'mail');
export const MapPin = kept(lucide.MapPin, 'map-pin');
export const Menu = kept(lucide.Menu, 'menu');
export const MessageSquare = kept(lucide.MessageSquare, 'message-square');
export const MonitorPlay = kept(lucide.MonitorPlay, 'monitor-play');
export const Navigation = kept(lucide.Navigation, 'navigation');
export const Phone = kept(lucide.Phone, 'phone');
export const PhoneCall = kept(lucide.PhoneCall, 'phone-call');
export const Quote = kept(lucide.Quote, 'quote');
export const Scale = kept(lucide.Scale, 'scale');
export const Search = kept(lucide.Search, 'search');
export const Send = kept(lucide.Send, 'send');
export const Shield = kept(lucide.Shield, 'shield');
export const Star = kept(lucide.Star, 'star');
export const Target = kept(lucide.Target, 'target');
export const TriangleAlert = kept(lucide.TriangleAlert, 'triangle-alert');
export const User = kept(lucide.User, 'user');
export const Users = kept(lucide.Users, 'users');
export const Zap = kept(lucide.Zap, 'zap');
export type { LucideIcon };
