import { encode } from 'uqr';

/**
 * A QR code as inline SVG (no script, no picture to fetch): one path of the dark modules, each
 * row's runs drawn as rectangles, in the text's colour. Hidden from screen readers: a link beside
 * it leads where it does, and its caption says what it is.
 */
export function QrCode({ value, className }: { value: string; className?: string }) {
  const { data, size } = encode(value, { border: 2, ecc: 'M' });
  let d = '';
  data.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run += 1;
      d += `M${x},${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  });
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false" data-qr="" className={className} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="currentColor" />
    </svg>
  );
}
