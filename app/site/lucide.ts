import * as lucide from 'lucide-react';
import type { LucideIcon, LucideProps } from 'lucide-react';
import { createElement, forwardRef, isValidElement, type ReactElement } from 'react';

/*
 * The public pages' icons, each made once for the props it is given and then the same element at
 * every render. Lucide builds an icon's attributes anew at each render (defaults merged, classes
 * split and joined): the home page's 93 icons were 0.9 ms of its render. The element kept is what
 * Lucide's own component makes of those props (tests/site/icons.test.ts compares their HTML for
 * every icon here), so the pages' HTML is the same byte for byte. Props that are not plain values
 * (children, a style, a ref) are not kept: that icon is Lucide's, made anew.
 */

/** How many different sets of props an icon keeps (the pages use a few; more are made each time). */
const KEPT_PER_ICON = 32;

/** What a forwardRef component's element renders to (its `render` called as React would), or undefined for any other. */
function renderedBy(element: ReactElement): unknown {
  const type: unknown = element.type;
  if (typeof type !== 'object' || type === null || !('render' in type) || typeof type.render !== 'function') return undefined;
  return Reflect.apply(type.render, undefined, [element.props, null]);
}

/** What Lucide's component renders for `props`: its own forwardRef components, unwrapped down to the `<svg>`. */
function lucideSvg(icon: LucideIcon, props: LucideProps): ReactElement | null {
  let element: unknown = createElement(icon, props);
  for (let depth = 0; depth < 4 && isValidElement(element) && typeof element.type === 'object'; depth += 1) element = renderedBy(element);
  return isValidElement(element) && element.type === 'svg' ? element : null;
}

/** A string naming plain props (strings, numbers, booleans) in the order given, or undefined when any is not one. */
function keyOf(props: object): string | undefined {
  let key = '';
  for (const [name, value] of Object.entries(props)) {
    const type = typeof value;
    if (type === 'undefined') continue;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    key += `${name}\u0000${type[0]}${String(value)}\u0000`;
  }
  return key;
}

export function kept(icon: LucideIcon): LucideIcon {
  const made = new Map<string, ReactElement>();
  const Kept = forwardRef<SVGSVGElement, LucideProps>(function Kept(props, ref) {
    const key = ref ? undefined : keyOf(props);
    if (key === undefined) return createElement(icon, { ...props, ref });
    const found = made.get(key);
    if (found) return found;
    const svg = lucideSvg(icon, props);
    if (!svg) return createElement(icon, props);
    if (made.size < KEPT_PER_ICON) made.set(key, svg);
    return svg;
  });
  Kept.displayName = icon.displayName;
  return Kept;
}

export const ArrowLeft = kept(lucide.ArrowLeft);
export const ArrowRight = kept(lucide.ArrowRight);
export const Award = kept(lucide.Award);
export const Briefcase = kept(lucide.Briefcase);
export const Calendar = kept(lucide.Calendar);
export const CalendarDays = kept(lucide.CalendarDays);
export const ChevronDown = kept(lucide.ChevronDown);
export const CircleCheck = kept(lucide.CircleCheck);
export const Clock = kept(lucide.Clock);
export const ExternalLink = kept(lucide.ExternalLink);
export const FileText = kept(lucide.FileText);
export const Gavel = kept(lucide.Gavel);
export const Globe = kept(lucide.Globe);
export const GraduationCap = kept(lucide.GraduationCap);
export const Handshake = kept(lucide.Handshake);
export const Heart = kept(lucide.Heart);
export const Languages = kept(lucide.Languages);
export const Mail = kept(lucide.Mail);
export const MapPin = kept(lucide.MapPin);
export const Menu = kept(lucide.Menu);
export const MessageSquare = kept(lucide.MessageSquare);
export const MonitorPlay = kept(lucide.MonitorPlay);
export const Navigation = kept(lucide.Navigation);
export const Phone = kept(lucide.Phone);
export const PhoneCall = kept(lucide.PhoneCall);
export const Quote = kept(lucide.Quote);
export const Scale = kept(lucide.Scale);
export const Search = kept(lucide.Search);
export const Send = kept(lucide.Send);
export const Shield = kept(lucide.Shield);
export const Star = kept(lucide.Star);
export const Target = kept(lucide.Target);
export const TriangleAlert = kept(lucide.TriangleAlert);
export const User = kept(lucide.User);
export const Users = kept(lucide.Users);
export const Zap = kept(lucide.Zap);
export type { LucideIcon };
