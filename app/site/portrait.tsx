import { initialsOf } from '../../domain/shared/initials.ts';
import { Picture } from './picture.tsx';

/**
 * A lawyer's photo, or, while there is none, their monogram in the firm's colours: honest about
 * having no photo instead of a stock silhouette, and drawn in the page (no image to download).
 */
/**
 * A lawyer's photo, or their initials in a ring when there is none. `wide` (a card in a list):
 * 3:2 on a phone, so that one card does not fill the screen, and 4:5 from 640 px.
 */
export function Portrait({ name, image, sizes, eager = false, wide = false, className = '' }: { name: string; image: string | undefined; sizes: string; eager?: boolean; wide?: boolean; className?: string }) {
  const shape = wide ? 'aspect-[3/2] sm:aspect-[4/5]' : 'aspect-[4/5]';
  if (image) return <Picture src={image} alt={name} width={400} height={500} sizes={sizes} eager={eager} className={`${shape} w-full object-top ${className}`} />;
  return (
    <div role="img" aria-label={name} className={`flex ${shape} w-full items-center justify-center bg-gradient-to-b from-brand-700 to-brand-900 ${className}`}>
      <span className="flex aspect-square h-1/2 items-center justify-center rounded-full border-2 border-accent-500 font-display text-5xl text-amber-50 ring-1 ring-accent-500/30 ring-offset-4 ring-offset-transparent sm:text-6xl" aria-hidden="true">
        {initialsOf(name)}
      </span>
    </div>
  );
}

/** A small round picture of a person beside their name: their photo, or their initials (`large`: 64 px instead of 48). */
export function Avatar({ name, image, large = false }: { name: string; image?: string; large?: boolean }) {
  const size = large ? 'h-16 w-16' : 'h-12 w-12';
  if (image) return <Picture src={image} alt="" width={large ? 64 : 48} height={large ? 64 : 48} sizes={large ? '64px' : '48px'} className={`${size} rounded-full`} />;
  return (
    <span className={`flex ${size} shrink-0 items-center justify-center rounded-full bg-brand-800 font-display ${large ? 'text-2xl' : 'text-lg'} text-amber-100`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
