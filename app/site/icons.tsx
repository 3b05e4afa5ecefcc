import { Award, CircleCheck, Clock, FileText, Gavel, Globe, Handshake, Heart, Phone, Quote, Scale, Shield, SPRITE_URL, Star, Target, Users, Zap, type LucideIcon } from './lucide.ts';

/** SPEC.md's icon names (Lucide's, with CheckCircle now called CircleCheck); unknown names are Shield. */
const ICONS: Record<string, LucideIcon> = {
  Shield, Users, Award, Clock, CheckCircle: CircleCheck, Star, Quote, Scale, Gavel, FileText, Phone, Handshake, Target, Zap, Heart, Globe,
};

export function NamedIcon({ name, className = 'h-6 w-6' }: { name: string | undefined; className?: string }) {
  const Icon = ICONS[name ?? ''] ?? Shield;
  return <Icon className={className} aria-hidden="true" focusable="false" />;
}

/** The social networks' marks (24 units square, filled): symbols `social-<network>` of the sprite (app/site/lucide.ts). */
export const SOCIAL_PATHS: Record<string, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  twitter: 'M4 4l6.5 8.5L4 20h2l5.4-6.2L16 20h4l-6.8-9L19.3 4h-2l-5 5.7L8 4z',
  linkedin: 'M5 9h3v11H5zM6.5 4a1.8 1.8 0 110 3.6 1.8 1.8 0 010-3.6zM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.3 0 3.6 2.2 3.6 4.8V20h-3v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3z',
  instagram: 'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm0 2a3 3 0 00-3 3v8a3 3 0 003 3h8a3 3 0 003-3V8a3 3 0 00-3-3zm4 3.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm0 2a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM17 6a1 1 0 110 2 1 1 0 010-2z',
  telegram: 'M21 4L3 11l5 2 2 6 3-4 5 4zM9 13l8-6-6 7',
};

export function SocialIcon({ network }: { network: string }) {
  return (
    <svg className="h-5 w-5" aria-hidden="true" focusable="false" fill="currentColor">
      <use href={`${SPRITE_URL}#social-${network in SOCIAL_PATHS ? network : 'facebook'}`} />
    </svg>
  );
}

/** The firm's mark (64 units square): the sprite's symbol `logo`. */
export const LOGO_DRAWING =
  '<rect width="64" height="64" rx="14" fill="#122f54"/><path d="M32 12 L50 22 L14 22 Z" fill="#c8962e"/>' +
  '<rect x="18" y="26" width="6" height="20" rx="2" fill="#fff"/><rect x="29" y="26" width="6" height="20" rx="2" fill="#fff"/>' +
  '<rect x="40" y="26" width="6" height="20" rx="2" fill="#fff"/><rect x="14" y="48" width="36" height="5" rx="2" fill="#c8962e"/>';

export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${SPRITE_URL}#logo`} />
    </svg>
  );
}
