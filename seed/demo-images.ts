/*
 * Demo partner logos drawn at seed time (no binary files in the repository): plain geometric marks
 * that stand for the partners' own logos. They go through the real upload pipeline like any upload.
 */

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
