import {
  ArrowLeft as arrowLeft,
  ArrowRight as arrowRight,
  Award as award,
  Briefcase as briefcase,
  Calendar as calendar,
  CalendarDays as calendarDays,
  ChevronDown as chevronDown,
  CircleCheck as circleCheck,
  Clock as clock,
  ExternalLink as externalLink,
  FileText as fileText,
  Gavel as gavel,
  Globe as globe,
  GraduationCap as graduationCap,
  Handshake as handshake,
  Heart as heart,
  Languages as languages,
  Mail as mail,
  MapPin as mapPin,
  Menu as menu,
  MessageSquare as messageSquare,
  MonitorPlay as monitorPlay,
  Navigation as navigation,
  Phone as phone,
  PhoneCall as phoneCall,
  Quote as quote,
  Scale as scale,
  Search as search,
  Send as send,
  Shield as shield,
  Star as star,
  Target as target,
  TriangleAlert as triangleAlert,
  User as user,
  Users as users,
  Zap as zap,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import { createElement, forwardRef, type ReactElement } from 'react';

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

type Rendering = { render?: (props: object, ref: unknown) => ReactElement<object> | null };

/** What Lucide's component renders for `props`: its own forwardRef components, unwrapped down to the `<svg>`. */
function lucideSvg(icon: LucideIcon, props: LucideProps): ReactElement | null {
  let element: ReactElement<object> | null = createElement(icon, props);
  for (let depth = 0; depth < 4 && element && typeof element.type === 'object'; depth += 1) {
    const render: Rendering['render'] = (element.type as Rendering).render;
    if (typeof render !== 'function') return null;
    element = render(element.props, null);
  }
  return element && element.type === 'svg' ? element : null;
}

/** A string naming plain props (strings, numbers, booleans) in the order given, or undefined when any is not one. */
function keyOf(props: Record<string, unknown>): string | undefined {
  let key = '';
  for (const name in props) {
    const value = props[name];
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
    const key = ref ? undefined : keyOf(props as Record<string, unknown>);
    if (key === undefined) return createElement(icon, { ...props, ref });
    const found = made.get(key);
    if (found) return found;
    const svg = lucideSvg(icon, props);
    if (!svg) return createElement(icon, props);
    if (made.size < KEPT_PER_ICON) made.set(key, svg);
    return svg;
  });
  Kept.displayName = icon.displayName;
  return Kept as LucideIcon;
}

export const ArrowLeft = kept(arrowLeft);
export const ArrowRight = kept(arrowRight);
export const Award = kept(award);
export const Briefcase = kept(briefcase);
export const Calendar = kept(calendar);
export const CalendarDays = kept(calendarDays);
export const ChevronDown = kept(chevronDown);
export const CircleCheck = kept(circleCheck);
export const Clock = kept(clock);
export const ExternalLink = kept(externalLink);
export const FileText = kept(fileText);
export const Gavel = kept(gavel);
export const Globe = kept(globe);
export const GraduationCap = kept(graduationCap);
export const Handshake = kept(handshake);
export const Heart = kept(heart);
export const Languages = kept(languages);
export const Mail = kept(mail);
export const MapPin = kept(mapPin);
export const Menu = kept(menu);
export const MessageSquare = kept(messageSquare);
export const MonitorPlay = kept(monitorPlay);
export const Navigation = kept(navigation);
export const Phone = kept(phone);
export const PhoneCall = kept(phoneCall);
export const Quote = kept(quote);
export const Scale = kept(scale);
export const Search = kept(search);
export const Send = kept(send);
export const Shield = kept(shield);
export const Star = kept(star);
export const Target = kept(target);
export const TriangleAlert = kept(triangleAlert);
export const User = kept(user);
export const Users = kept(users);
export const Zap = kept(zap);
export type { LucideIcon };
