import sharp from 'sharp';

/*
 * Demo pictures drawn at seed time (no binary files in the repository, no text that depends on
 * installed fonts): portraits as silhouettes on a gradient, and calm geometric illustrations for
 * articles, services and offices. They go through the real upload pipeline like any upload.
 */

const PALETTES = [
  ['#0c2140', '#1d4e89', '#c8962e'],
  ['#122f54', '#2f6fae', '#e0b65a'],
  ['#1b3a2f', '#2f7a5f', '#d9a441'],
  ['#3b1f2b', '#8a3b55', '#e7c37a'],
  ['#1f2937', '#4b5563', '#c8962e'],
  ['#0f3d4c', '#1f7a8c', '#f0c419'],
];

export function portraitSvg(index: number): string {
  const [dark, mid, accent] = PALETTES[index % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="800" height="1000" fill="url(#g)"/>
  <circle cx="400" cy="380" r="165" fill="#f1e4d3"/>
  <path d="M120 1000 C140 760 260 640 400 640 C540 640 660 760 680 1000 Z" fill="#f1e4d3"/>
  <path d="M250 1000 L340 660 L400 760 L460 660 L550 1000 Z" fill="${dark}"/>
  <path d="M385 700 L415 700 L430 900 L400 960 L370 900 Z" fill="${accent}"/>
</svg>`;
}

export function illustrationSvg(index: number): string {
  const [dark, mid, accent] = PALETTES[index % PALETTES.length];
  const shapes = [
    // columns of a courthouse
    `<path d="M400 180 L760 330 L40 330 Z" fill="${accent}"/>${[130, 280, 430, 580].map((x) => `<rect x="${x}" y="360" width="90" height="300" rx="8" fill="#ffffff" opacity="0.9"/>`).join('')}<rect x="40" y="680" width="720" height="50" rx="6" fill="${accent}"/>`,
    // scales
    `<rect x="390" y="170" width="20" height="470" fill="#ffffff"/><rect x="200" y="230" width="400" height="16" rx="8" fill="#ffffff"/><path d="M160 430 L240 250 L320 430 Z" fill="none" stroke="#fff" stroke-width="8"/><path d="M480 430 L560 250 L640 430 Z" fill="none" stroke="#fff" stroke-width="8"/><ellipse cx="240" cy="435" rx="95" ry="22" fill="${accent}"/><ellipse cx="560" cy="435" rx="95" ry="22" fill="${accent}"/><rect x="300" y="640" width="200" height="40" rx="10" fill="${accent}"/>`,
    // documents
    `<rect x="210" y="170" width="320" height="420" rx="18" fill="#ffffff" opacity="0.95" transform="rotate(-8 370 380)"/><rect x="280" y="200" width="320" height="420" rx="18" fill="#ffffff"/>${[260, 310, 360, 410, 460].map((y) => `<rect x="320" y="${y}" width="${y === 460 ? 150 : 240}" height="18" rx="9" fill="${mid}"/>`).join('')}<circle cx="560" cy="560" r="70" fill="${accent}"/>`,
    // city skyline (real estate)
    `${[[80, 360, 140], [240, 260, 120], [380, 320, 150], [550, 220, 130]].map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${700 - y}" fill="#ffffff" opacity="0.9"/>`).join('')}<circle cx="640" cy="160" r="60" fill="${accent}"/><rect x="40" y="690" width="720" height="20" fill="${accent}"/>`,
    // handshake-like interlocking rings
    `<circle cx="320" cy="420" r="170" fill="none" stroke="#ffffff" stroke-width="36"/><circle cx="480" cy="420" r="170" fill="none" stroke="${accent}" stroke-width="36"/>`,
    // shield
    `<path d="M400 150 L640 240 L620 470 C600 600 500 680 400 720 C300 680 200 600 180 470 L160 240 Z" fill="#ffffff" opacity="0.95"/><path d="M320 430 L380 500 L500 360" fill="none" stroke="${accent}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 800 800" preserveAspectRatio="xMidYMid slice">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect x="-400" y="-200" width="1600" height="1200" fill="url(#g)"/>
  ${shapes[index % shapes.length]}
</svg>`;
}

export function logoSvg(index: number): string {
  const [dark, , accent] = PALETTES[index % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" rx="60" fill="#ffffff"/>
  <circle cx="300" cy="300" r="200" fill="${dark}"/>
  <path d="M200 380 L300 180 L400 380 Z" fill="${accent}"/>
  <rect x="220" y="400" width="160" height="26" rx="13" fill="${accent}"/>
</svg>`;
}

export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
