import { isDocument, type Doc, type DocMark, type DocNode } from '../documents/document.ts';

/*
 * What a translation service is sent of a text, and how its answer is put back (API-4.md "The
 * translation desk"): a short text is one segment; a document is one segment per block of inline
 * content (a paragraph, a heading, a footnote's own text), as HTML in which each run of marked text
 * is `<span data-m="k">` (its marks kept here by k, links and references untouched) and each inline
 * node that is no text (a line break, a footnote) is an empty `<span data-n="k">`. The structure
 * never travels: the answer's segments go back into a copy of the same blocks. A "do not
 * translate" term is wrapped as the service understands (`protect`), and unwrapped after.
 */

/** How a service is told to leave a term alone, and how its answer gives the term back. */
export interface TermProtection {
  wrap(term: string, index: number): string;
  /** The answer's wrapped terms made plain text again (escaped as HTML). */
  unwrap(html: string, terms: readonly string[]): string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` as HTML with every "do not translate" term wrapped (longest first; whole words only). */
function protectedHtml(text: string, terms: readonly string[], protection: TermProtection): string {
  const order = terms.map((term, index) => ({ term, index })).filter(({ term }) => term.trim()).sort((a, b) => b.term.length - a.term.length);
  if (!order.length) return escapeHtml(text);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${order.map(({ term }) => escapeRegExp(term)).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return text
    .split(pattern)
    .map((part, index) => {
      if (index % 2 === 0) return escapeHtml(part);
      const found = order.find(({ term }) => term === part)!;
      return protection.wrap(escapeHtml(part), found.index);
    })
    .join('');
}

/** A document's blocks to translate, each with what its answer needs to become nodes again. */
interface Block {
  /** The node whose inline content the segment is. */
  node: DocNode;
  marks: DocMark[][];
  atoms: DocNode[];
}

const INLINE = new Set(['text', 'hardBreak', 'footnote']);

function blocksOf(nodes: readonly DocNode[] | undefined, into: Block[] = []): Block[] {
  for (const node of nodes ?? []) {
    if (node.content?.some((child) => INLINE.has(child.type))) {
      into.push({ node, marks: [], atoms: [] });
      // A footnote's own text is a block of its own (the same node: its atom in the paragraph gets the translation).
      blocksOf(
        node.content.filter((child) => child.type === 'footnote'),
        into,
      );
    } else blocksOf(node.content, into);
  }
  return into;
}

function blockHtml(block: Block, terms: readonly string[], protection: TermProtection): string {
  return (block.node.content ?? [])
    .map((child) => {
      if (child.type === 'text') {
        const html = protectedHtml(child.text ?? '', terms, protection);
        if (!child.marks?.length) return html;
        block.marks.push(child.marks);
        return `<span data-m="${block.marks.length - 1}">${html}</span>`;
      }
      block.atoms.push(child);
      return `<span data-n="${block.atoms.length - 1}"></span>`;
    })
    .join('');
}

/** The answer's HTML of a block as its inline nodes: marked runs, atoms by index, the rest plain text. */
function inlineNodes(html: string, block: Block): DocNode[] {
  const nodes: DocNode[] = [];
  const text = (value: string, marks?: DocMark[]) => {
    // Any other tag a service added is dropped; its words stay.
    const plain = unescapeHtml(value.replace(/<[^>]*>/g, ''));
    if (plain) nodes.push(marks?.length ? { type: 'text', text: plain, marks } : { type: 'text', text: plain });
  };
  const token = /<span data-m="(\d+)">([\s\S]*?)<\/span>|<span data-n="(\d+)">\s*<\/span>/g;
  let last = 0;
  for (const match of html.matchAll(token)) {
    text(html.slice(last, match.index));
    if (match[1] !== undefined) text(match[2], block.marks[Number(match[1])]);
    else {
      const atom = block.atoms[Number(match[3])];
      if (atom) nodes.push(atom);
    }
    last = match.index + match[0].length;
  }
  text(html.slice(last));
  // Neighbouring runs with the same marks become one text node, as the editor keeps them.
  return nodes.reduce<DocNode[]>((merged, node) => {
    const previous = merged.at(-1);
    if (previous?.type === 'text' && node.type === 'text' && JSON.stringify(previous.marks ?? []) === JSON.stringify(node.marks ?? [])) previous.text = `${previous.text ?? ''}${node.text ?? ''}`;
    else merged.push(node);
    return merged;
  }, []);
}

/** A text (a string or a document) to translate: its segments, and how their translations make the text again. */
export interface Prepared {
  segments: string[];
  rebuild(translated: readonly string[], convert: (text: string) => string): unknown;
}

export function prepare(value: unknown, terms: readonly string[], protection: TermProtection): Prepared {
  if (isDocument(value)) {
    const copy = structuredClone(value) as Doc;
    const blocks = blocksOf(copy.content);
    const segments = blocks.map((block) => blockHtml(block, terms, protection));
    return {
      segments,
      rebuild(translated, convert) {
        // Footnotes are atoms of their paragraph and blocks of their own: their content is set when their turn comes.
        blocks.forEach((block, index) => {
          block.node.content = inlineNodes(protection.unwrap(translated[index] ?? segments[index], terms), block).map((node) => (node.type === 'text' ? { ...node, text: convert(node.text ?? '') } : node));
        });
        return copy;
      },
    };
  }
  const text = typeof value === 'string' ? value : '';
  return {
    segments: [protectedHtml(text, terms, protection)],
    rebuild: (translated, convert) => convert(unescapeHtml(protection.unwrap(translated[0] ?? '', terms).replace(/<[^>]*>/g, ''))),
  };
}
