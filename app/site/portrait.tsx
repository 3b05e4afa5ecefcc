import { initialsOf } from '../../domain/shared/initials.ts';
import { Picture } from './picture.tsx';

/**
 * A lawyer's photo, or, while there is none, a placeholder of the same size: their initials, small,
 * under a pointed arch on a fine hatching (app.css), drawn in the page, no image to download, and
 * honest about having no photo instead of a stock silhouette. `wide` (a card in a list): 3:2 on a
 * phone, so that one card does not fill the screen, and 4:5 from 640 px.
 */
export function Portrait({ name, image, sizes, eager = false, wide = false, className = '' }: { name: string; image: string | undefined; sizes: string; eager?: boolean; wide?: boolean; className?: string }) {
  const shape = wide ? 'aspect-[3/2] sm:aspect-[4/5]' : 'aspect-[4/5]';
  // The face of a portrait sits in its upper third: a 3:2 crop keeps it.
  if (image) return <Picture src={image} alt={name} width={400} height={500} sizes={sizes} eager={eager} className={`${shape} w-full bg-slate-100 object-[50%_30%] ${className}`} />;
  return (
    <div role="img" aria-label={name} data-portrait="placeholder" className={`portrait-placeholder relative flex ${shape} w-full items-center justify-center overflow-hidden ${className}`}>
      <svg className="portrait-placeholder-arch" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
        <path d="M12 100V42C12 24 34 12 50 2C66 12 88 24 88 42V100" />
      </svg>
      <span className="portrait-placeholder-initials" aria-hidden="true">
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
