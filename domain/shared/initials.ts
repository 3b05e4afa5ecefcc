/** Up to two initials of a name, for a monogram: "Aziza Rahimova" → "AR", "Елена" → "Е". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const letters = (words.length > 1 ? [words[0], words.at(-1) ?? ''] : words).map((word) => [...word.replace(/[^\p{L}]/gu, '')][0] ?? '');
  return letters.join('').toUpperCase();
}
