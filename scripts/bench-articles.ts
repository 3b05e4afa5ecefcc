/* The articles the benchmarks that grow a site post (scripts/bench-scale.ts, scripts/bench-growth.ts). */

/** Words the generated articles are made of; SEARCHED is in one article of 50. */
const WORDS = ['shartnoma', 'soliq', 'korxona', 'investitsiya', 'nizo', 'sud', 'huquq', 'kompaniya', 'aksiyador', 'litsenziya', 'mehnat', 'mulk', 'bank', 'kredit', 'eksport', 'bojxona'];
const RU_WORDS = ['договор', 'налог', 'предприятие', 'инвестиции', 'спор', 'суд', 'право', 'компания', 'акционер', 'лицензия', 'труд', 'собственность', 'банк', 'кредит', 'экспорт', 'таможня'];
export const SEARCHED = 'arbitraj';
const CATEGORIES = [
  { uz: 'Soliq', ru: 'Налоги', en: 'Tax' },
  { uz: 'Korporativ huquq', ru: 'Корпоративное право', en: 'Corporate law' },
  { uz: 'Nizolar', ru: 'Споры', en: 'Disputes' },
  { uz: 'Mehnat', ru: 'Трудовое право', en: 'Employment' },
  { uz: 'Investitsiyalar', ru: 'Инвестиции', en: 'Investment' },
];

function sentence(words: string[], seed: number, length: number): string {
  const out: string[] = [];
  for (let index = 0; index < length; index += 1) out.push(words[(seed * 7 + index * 13 + (index * index) % 11) % words.length]);
  const text = out.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** About 2 KB of text per language, like a short article. */
export function article(index: number, kind: 'news' | 'blog') {
  const paragraphs = (words: string[]) => Array.from({ length: 6 }, (_, p) => Array.from({ length: 4 }, (__, s) => sentence(words, index + p * 5 + s, 9)).join(' ')).join('\n\n');
  const marker = index % 50 === 0 ? ` ${SEARCHED}` : '';
  const category = CATEGORIES[index % CATEGORIES.length];
  const day = new Date(Date.UTC(2026, 10, 20) - index * 3_600_000 * 7).toISOString();
  return {
    title: { uz: `${sentence(WORDS, index, 5).slice(0, -1)} ${index}`, ru: `${sentence(RU_WORDS, index, 5).slice(0, -1)} ${index}`, en: `Legal update ${index}` },
    excerpt: { uz: sentence(WORDS, index + 1, 20) + marker, ru: sentence(RU_WORDS, index + 1, 20) },
    content: { uz: paragraphs(WORDS), ru: paragraphs(RU_WORDS), en: `Article ${index} in English.` },
    category,
    tags: [WORDS[index % WORDS.length], WORDS[(index + 3) % WORDS.length]],
    ...(kind === 'news' ? { date: day.slice(0, 10) } : { publishedAt: day, readTime: '5 min' }),
  };
}
