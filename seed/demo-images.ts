/*
 * Demo pictures drawn at seed time (no binary files in the repository): partner logos, the home
 * page's picture and the lawyers' portraits. They are illustrations that show where the firm's own
 * photographs go, never pictures posing as photographs, and they go through the real upload
 * pipeline like any upload, so the owner replaces them in the admin like any picture.
 */

const NAVY = '#0c2140';
const NAVY_MID = '#122f54';
const NAVY_LIGHT = '#173f70';
const BLUE = '#1d4e89';
const GOLD = '#c8962e';
const GOLD_LIGHT = '#e0b65a';
const IVORY = '#faf7f0';

const PALETTES = [
  ['#0c2140', '#c8962e'],
  ['#122f54', '#e0b65a'],
  ['#1b3a2f', '#d9a441'],
  ['#3b1f2b', '#e7c37a'],
  ['#1f2937', '#c8962e'],
  ['#0f3d4c', '#f0c419'],
];

export function logoSvg(index: number): string {
  const [dark, accent] = PALETTES[index % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" rx="60" fill="#ffffff"/>
  <circle cx="300" cy="300" r="200" fill="${dark}"/>
  <path d="M200 380 L300 180 L400 380 Z" fill="${accent}"/>
  <rect x="220" y="400" width="160" height="26" rx="13" fill="${accent}"/>
</svg>`;
}

/** A pointed (Timurid) arch over [x, x + width], springing at `spring` and rising to `top`, as path data. */
function arch(x: number, width: number, bottom: number, spring: number, top: number): string {
  const mid = x + width / 2;
  const shoulder = (spring - top) * 0.55;
  return `M${x} ${bottom}V${spring}C${x} ${spring - shoulder} ${mid - width * 0.18} ${top + (spring - top) * 0.25} ${mid} ${top}C${mid + width * 0.18} ${top + (spring - top) * 0.25} ${x + width} ${spring - shoulder} ${x + width} ${spring}V${bottom}`;
}

/** A row of `count` arched niches between `left` and `right`. */
function arcade(left: number, right: number, bottom: number, height: number, count: number, attributes: string): string {
  const pitch = (right - left) / count;
  const width = pitch * 0.62;
  let paths = '';
  for (let index = 0; index < count; index += 1) {
    const x = left + index * pitch + (pitch - width) / 2;
    paths += `<path d="${arch(x, width, bottom, bottom - height * 0.62, bottom - height)}Z" ${attributes}/>`;
  }
  return paths;
}

/** A ribbed melon dome on a drum, centred on `cx`, its drum standing on `base`. */
function dome(cx: number, base: number, radius: number): string {
  const drum = radius * 0.55;
  const spring = base - drum;
  const top = spring - radius * 1.25;
  let ribs = '';
  for (let index = 1; index < 8; index += 1) {
    const offset = (index / 8 - 0.5) * 2 * radius;
    ribs += `<path d="M${cx + offset} ${spring}Q${cx + offset * 0.92} ${top + radius * 0.5} ${cx} ${top}" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.55" stroke-width="2.5"/>`;
  }
  return `<rect x="${cx - radius * 0.9}" y="${spring}" width="${radius * 1.8}" height="${drum}" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.8" stroke-width="3"/>
  <path d="M${cx - radius} ${spring}C${cx - radius * 1.15} ${spring - radius * 0.9} ${cx - radius * 0.45} ${top + radius * 0.15} ${cx} ${top}C${cx + radius * 0.45} ${top + radius * 0.15} ${cx + radius * 1.15} ${spring - radius * 0.9} ${cx + radius} ${spring}Z" fill="${BLUE}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>
  ${ribs}
  <path d="M${cx} ${top}V${top - radius * 0.35}" stroke="${GOLD_LIGHT}" stroke-width="4"/>
  <circle cx="${cx}" cy="${top - radius * 0.38}" r="${radius * 0.06}" fill="${GOLD_LIGHT}"/>`;
}

/** A tapering minaret with bands and a lantern, standing on `base`. */
function minaret(cx: number, base: number, height: number, width: number): string {
  const top = base - height;
  const narrow = width * 0.78;
  let bands = '';
  for (let index = 1; index < 5; index += 1) {
    const y = base - (height * index) / 5;
    const half = (width - (width - narrow) * (index / 5)) / 2;
    bands += `<path d="M${cx - half} ${y}H${cx + half}" stroke="${GOLD_LIGHT}" stroke-opacity="0.7" stroke-width="3"/>`;
  }
  return `<path d="M${cx - width / 2} ${base}L${cx - narrow / 2} ${top}H${cx + narrow / 2}L${cx + width / 2} ${base}Z" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>
  ${bands}
  <path d="M${cx - narrow * 0.72} ${top}H${cx + narrow * 0.72}V${top - 14}H${cx - narrow * 0.72}Z" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>
  <path d="${arch(cx - narrow * 0.5, narrow, top - 14, top - 14 - narrow * 0.7, top - 14 - narrow * 1.35)}Z" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>
  <path d="M${cx - narrow * 0.6} ${top - 14 - narrow * 0.72}C${cx - narrow * 0.6} ${top - narrow * 2.1} ${cx} ${top - narrow * 2.3} ${cx} ${top - narrow * 2.5}C${cx} ${top - narrow * 2.3} ${cx + narrow * 0.6} ${top - narrow * 2.1} ${cx + narrow * 0.6} ${top - 14 - narrow * 0.72}Z" fill="${BLUE}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>`;
}

/**
 * The home page's demo picture, 1600×1200: Tashkent at dusk drawn as a line engraving in the site's
 * navy and gold: a madrasa's portal and dome, a minaret, the lattice façade of a modern tower, the
 * television tower and the business district behind, the Ankhor canal in front.
 */
export function cityscapeSvg(): string {
  const width = 1600;
  const height = 1200;
  const ground = 905;
  let hatch = '';
  for (let y = 24; y < ground; y += 16) hatch += `M0 ${y}H${width}`;

  // The business district: plain towers far away, lit windows as short gold strokes.
  const towers = [
    [40, 170, 330], [150, 120, 250], [1180, 130, 420], [1290, 110, 300], [1380, 150, 470], [1510, 110, 280],
  ];
  const district = towers
    .map(([x, w, h]) => `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${NAVY_MID}" stroke="${IVORY}" stroke-opacity="0.18" stroke-width="2"/>`)
    .join('');
  let windows = '';
  for (const [x, w, h] of towers) {
    for (let y = ground - h + 26; y < ground - 20; y += 30) {
      for (let wx = x + 14; wx < x + w - 18; wx += 22) {
        if ((wx * 7 + y * 3) % 11 < 3) windows += `M${wx} ${y}h10`;
      }
    }
  }

  // The television tower: a tripod base, a slender mast and its observation pod.
  const tv = 360;
  const tvTower = `<g stroke="${IVORY}" stroke-opacity="0.55" stroke-width="3" fill="none">
    <path d="M${tv - 70} ${ground}L${tv - 8} 520M${tv + 70} ${ground}L${tv + 8} 520M${tv} ${ground}V520"/>
    <path d="M${tv - 8} 520L${tv - 5} 170M${tv + 8} 520L${tv + 5} 170M${tv} 170V70"/>
    <path d="M${tv - 52} 760H${tv + 52}M${tv - 34} 640H${tv + 34}"/>
  </g>
  <ellipse cx="${tv}" cy="300" rx="34" ry="12" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="3"/>
  <ellipse cx="${tv}" cy="330" rx="44" ry="14" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="3"/>
  <ellipse cx="${tv}" cy="366" rx="26" ry="9" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="3"/>`;

  // A modern tower with an oriental lattice façade.
  const [hx, hw, htop] = [1000, 300, 430];
  let lattice = '';
  for (let y = htop + 40; y < ground - 30; y += 34) {
    for (let x = hx + 18; x < hx + hw - 24; x += 26) lattice += `<path d="${arch(x, 14, y + 24, y + 10, y)}" fill="none" stroke="${IVORY}" stroke-opacity="0.32" stroke-width="2"/>`;
  }
  const latticeTower = `<path d="M${hx} ${ground}V${htop + 18}Q${hx + hw / 2} ${htop - 18} ${hx + hw} ${htop + 18}V${ground}Z" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.75" stroke-width="3"/>
  <path d="M${hx} ${htop + 30}Q${hx + hw / 2} ${htop - 6} ${hx + hw} ${htop + 30}" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.6" stroke-width="3"/>
  ${lattice}`;

  // The madrasa: wings with two storeys of niches, the great portal (pishtaq), corner towers.
  const [left, right] = [470, 1040];
  const portal = [640, 870];
  const madrasa = `${dome(960, 690, 88)}
  <rect x="${left}" y="690" width="${right - left}" height="${ground - 690}" fill="${NAVY_MID}" stroke="${IVORY}" stroke-opacity="0.85" stroke-width="3"/>
  ${arcade(left + 20, portal[0] - 10, 790, 78, 3, `fill="${NAVY}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="2.5"`)}
  ${arcade(left + 20, portal[0] - 10, 890, 78, 3, `fill="${NAVY}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="2.5"`)}
  ${arcade(portal[1] + 10, right - 20, 790, 78, 3, `fill="${NAVY}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="2.5"`)}
  ${arcade(portal[1] + 10, right - 20, 890, 78, 3, `fill="${NAVY}" stroke="${IVORY}" stroke-opacity="0.6" stroke-width="2.5"`)}
  <rect x="${portal[0]}" y="520" width="${portal[1] - portal[0]}" height="${ground - 520}" fill="${NAVY_LIGHT}" stroke="${IVORY}" stroke-opacity="0.9" stroke-width="3"/>
  <rect x="${portal[0] + 16}" y="536" width="${portal[1] - portal[0] - 32}" height="${ground - 536}" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.7" stroke-width="2.5"/>
  <path d="${arch(portal[0] + 46, portal[1] - portal[0] - 92, ground, 700, 590)}Z" fill="${NAVY}" stroke="${GOLD_LIGHT}" stroke-width="3"/>
  <path d="${arch(portal[0] + 70, portal[1] - portal[0] - 140, ground, 730, 640)}" fill="none" stroke="${IVORY}" stroke-opacity="0.35" stroke-width="2"/>
  <path d="M${portal[0] + 95} ${ground}V800H${portal[1] - 95}V${ground}" fill="none" stroke="${IVORY}" stroke-opacity="0.45" stroke-width="2"/>
  ${minaret(left + 6, 700, 120, 30)}
  ${minaret(right - 6, 700, 120, 30)}`;

  // Plane trees (chinar) along the canal, in the foreground's navy.
  const trees = [[90, 70], [200, 56], [1120, 60], [1240, 76], [1470, 64]]
    .map(([x, r]) => `<path d="M${x} ${ground}V${ground - r * 0.9}" stroke="${NAVY}" stroke-width="8"/><circle cx="${x}" cy="${ground - r * 1.3}" r="${r * 0.75}" fill="${NAVY}"/><circle cx="${x - r * 0.5}" cy="${ground - r}" r="${r * 0.55}" fill="${NAVY}"/><circle cx="${x + r * 0.55}" cy="${ground - r * 0.95}" r="${r * 0.6}" fill="${NAVY}"/>`)
    .join('');

  // The canal: the sun's reflection as broken gold strokes, ripples in ivory.
  let water = '';
  for (let index = 0; index < 11; index += 1) {
    const y = ground + 40 + index * 24;
    const half = 150 - index * 9;
    water += `M${1150 - half + (index % 2) * 30} ${y}h${half * 0.8}M${1150 + (index % 3) * 20} ${y}h${half * 0.6}`;
  }
  let ripples = '';
  for (let index = 0; index < 12; index += 1) {
    const y = ground + 30 + index * 24;
    ripples += `M${(index * 137) % 700 + 40} ${y}h${60 + (index % 4) * 25}M${(index * 211) % 500 + 520} ${y + 8}h${40 + (index % 3) * 30}`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="0.75" stop-color="${NAVY_LIGHT}"/><stop offset="1" stop-color="${BLUE}"/></linearGradient>
    <linearGradient id="canal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${NAVY_MID}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient>
    <radialGradient id="glow" cx="0.72" cy="0.36" r="0.45"><stop offset="0" stop-color="${GOLD_LIGHT}" stop-opacity="0.35"/><stop offset="1" stop-color="${GOLD_LIGHT}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${ground}" fill="url(#glow)"/>
  <path d="${hatch}" stroke="${IVORY}" stroke-opacity="0.045" stroke-width="2"/>
  <circle cx="1150" cy="300" r="132" fill="${GOLD_LIGHT}" fill-opacity="0.92"/>
  <circle cx="1150" cy="300" r="160" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.35" stroke-width="2"/>
  <circle cx="1150" cy="300" r="196" fill="none" stroke="${GOLD_LIGHT}" stroke-opacity="0.18" stroke-width="2"/>
  ${district}
  <path d="${windows}" stroke="${GOLD_LIGHT}" stroke-opacity="0.55" stroke-width="3"/>
  ${tvTower}
  ${latticeTower}
  ${madrasa}
  ${minaret(1420, ground, 470, 58)}
  ${trees}
  <rect y="${ground}" width="${width}" height="${height - ground}" fill="url(#canal)"/>
  <path d="M0 ${ground}H${width}" stroke="${GOLD}" stroke-width="4"/>
  <path d="${water}" stroke="${GOLD_LIGHT}" stroke-opacity="0.6" stroke-width="4" stroke-linecap="round"/>
  <path d="${ripples}" stroke="${IVORY}" stroke-opacity="0.14" stroke-width="3" stroke-linecap="round"/>
</svg>`;
}

export interface PortraitLook {
  /** Backdrop behind the person. */
  backdrop: string;
  skin: string;
  hair: string;
  style: 'short' | 'receding' | 'long' | 'bun';
  suit: string;
  /** A tie's colour; none for an open collar or a blouse. */
  tie?: string;
  blouse?: string;
  beard?: boolean;
  glasses?: boolean;
}

/** The demo lawyers, in the order of the demo team: each a different person, all drawn alike. */
export const PORTRAITS: PortraitLook[] = [
  { backdrop: '#dfe5ec', skin: '#d9a77f', hair: '#a7a9ab', style: 'receding', suit: '#1f2a3a', tie: '#8a6416', glasses: true },
  { backdrop: '#ece4d6', skin: '#e2b491', hair: '#2b1d16', style: 'long', suit: '#122f54', blouse: '#faf7f0' },
  { backdrop: '#dde4df', skin: '#c99872', hair: '#1f1814', style: 'short', suit: '#33404f', tie: '#1d4e89', beard: true },
  { backdrop: '#e9e1e4', skin: '#e8bf9e', hair: '#4a2e22', style: 'bun', suit: '#3b3f4a', blouse: '#e7d7b8' },
];

/**
 * A stylised portrait, 1280×1600 (4:5, like a lawyer's photo card): head and shoulders in flat
 * colour before a pointed arch, without a face drawn in, so that nobody takes it for a photograph.
 */
export function portraitSvg(look: PortraitLook): string {
  const { backdrop, skin, hair, style, suit, tie, blouse, beard, glasses } = look;
  const shade = 'rgba(12,33,64,0.16)';
  const hairBehind =
    style === 'long'
      ? `<path d="M262 420C248 300 310 220 400 220C490 220 552 300 538 420L560 700C520 742 280 742 240 700Z" fill="${hair}"/>`
      : style === 'bun'
        ? `<circle cx="400" cy="232" r="62" fill="${hair}"/>`
        : '';
  const hairTop =
    style === 'receding'
      ? `<path d="M282 420C270 330 316 262 400 258C486 262 530 330 518 420C506 380 498 350 470 330C440 320 360 320 330 330C302 350 294 380 282 420Z" fill="${hair}"/>`
      : style === 'short'
        ? `<path d="M280 410C262 310 320 248 402 248C486 248 540 310 520 410C508 366 500 340 482 326C440 304 370 306 322 326C300 340 290 366 280 410Z" fill="${hair}"/>`
        : style === 'long'
          ? `<path d="M282 440C270 330 324 262 404 262C480 262 532 320 520 440C500 372 470 328 410 318C380 360 330 380 282 440Z" fill="${hair}"/>`
          : `<path d="M284 420C274 326 326 270 402 270C478 270 528 326 518 420C508 372 486 340 440 328C400 318 350 330 320 350C300 366 290 390 284 420Z" fill="${hair}"/>`;
  const collar = blouse
    ? `<path d="M352 600L400 700L448 600L470 640L400 760L330 640Z" fill="${blouse}"/>`
    : `<path d="M350 600L400 676L450 600L474 636L400 720L326 636Z" fill="#ffffff"/>${tie ? `<path d="M388 676H412L422 700L408 860H392L378 700Z" fill="${tie}"/>` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1600" viewBox="0 0 800 1000">
  <rect width="800" height="1000" fill="${backdrop}"/>
  <path d="${arch(150, 500, 1000, 360, 110)}Z" fill="#ffffff" fill-opacity="0.38"/>
  <path d="${arch(150, 500, 1000, 360, 110)}" fill="none" stroke="${GOLD}" stroke-opacity="0.45" stroke-width="3"/>
  ${hairBehind}
  <path d="M368 520H432V640C420 660 380 660 368 640Z" fill="${skin}"/>
  <path d="M368 560C390 590 412 590 432 566V600C410 620 390 620 368 600Z" fill="${shade}"/>
  <path d="M90 1000C96 820 160 700 300 660L352 600L400 700L448 600L500 660C640 700 704 820 710 1000Z" fill="${suit}"/>
  ${collar}
  <path d="M352 600L300 660L370 760L336 690Z" fill="rgba(255,255,255,0.10)"/>
  <path d="M448 600L500 660L430 760L464 690Z" fill="rgba(0,0,0,0.12)"/>
  ${style === 'receding' || style === 'short' ? `<ellipse cx="280" cy="430" rx="16" ry="30" fill="${skin}"/><ellipse cx="520" cy="430" rx="16" ry="30" fill="${skin}"/>` : ''}
  <ellipse cx="400" cy="420" rx="118" ry="146" fill="${skin}"/>
  <path d="M440 282C500 310 528 380 516 450C506 520 470 560 420 566C470 520 490 440 440 282Z" fill="${shade}"/>
  ${beard ? `<path d="M284 420C290 520 336 572 400 574C464 572 510 520 516 420C506 470 488 520 400 528C312 520 294 470 284 420Z" fill="${hair}"/>` : ''}
  ${hairTop}
  ${glasses ? `<g fill="none" stroke="#1f2937" stroke-width="5"><rect x="318" y="404" width="64" height="42" rx="14"/><rect x="418" y="404" width="64" height="42" rx="14"/><path d="M382 420H418M318 420H290M482 420H510"/></g>` : ''}
</svg>`;
}
