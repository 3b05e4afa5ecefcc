/**
 * An uploaded image at the size the layout needs: srcset over the thumbnail, medium and large
 * WebP sizes, width and height set so nothing shifts, lazy unless it is above the fold.
 */
export function sizesOf(src: string): { srcSet?: string; src: string } {
  const match = /^(.*)-(large|medium|thumbnail)\.webp$/.exec(src);
  if (!match) return { src };
  const base = match[1];
  return { src: `${base}-medium.webp`, srcSet: `${base}-thumbnail.webp 400w, ${base}-medium.webp 800w, ${base}-large.webp 1600w` };
}

export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  className = '',
  eager = false,
}: {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  if (!src) return null;
  const variants = sizesOf(src);
  return (
    <img
      src={variants.src}
      srcSet={variants.srcSet}
      sizes={variants.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      className={`object-cover ${className}`}
    />
  );
}
