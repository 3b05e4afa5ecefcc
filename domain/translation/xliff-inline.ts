/*
 * A document's inline content (text with marks, hard breaks, footnotes) as XLIFF 2 inline codes
 * and back (API-4.md "The translation desk"). Each mark becomes a paired code `<pc>` whose start and
 * end are kept in the unit's `<originalData>` (`<b>`, `<a href="…">`, `<a ref="news/…">`, `<footnote>`),
 * so a CAT tool shows them as tags the translator moves but cannot change; a hard break is a `<ph>`.
 * Reading back takes the codes' meaning from the file's originalData and refuses anything else.
 */
import { MARKS, type DocMark, type DocNode } from '../documents/document.ts';

/** How a unit's codes are written: their originalData, by content (each distinct content once). */
export class CodeBook {
  readonly data = new Map<string, string>();
  private next = 1;
  /** The id of the data entry holding `content`. */
  ref(content: string): string {
    const known = this.data.get(content);
    if (known) return known;
    const id = `d${this.data.size + 1}`;
    this.data.set(content, id);
    return id;
  }
  code(): string {
    return String(this.next++);
  }
}

/** Text as XML holds it: &, <, > and " escaped; the characters XML 1.0 cannot hold at all left out. */
export const escapeXml = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TAGS: Record<string, string> = { bold: 'b', italic: 'i', underline: 'u', strike: 's', superscript: 'sup', subscript: 'sub' };
const SUBTYPES: Record<string, string> = { bold: 'xlf:b', italic: 'xlf:i', underline: 'xlf:u' };

/** A mark's start as originalData holds it. */
function markStart(mark: DocMark): string {
  if (mark.type !== 'link') return `<${TAGS[mark.type]}>`;
  const ref = mark.attrs?.ref;
  if (ref) return `<a ref="${escapeXml(`${ref.type}/${ref.id}${ref.anchor ? `#${ref.anchor}` : ''}`)}">`;
  return `<a href="${escapeXml(mark.attrs?.href ?? '')}">`;
}
const markEnd = (mark: DocMark) => (mark.type === 'link' ? '</a>' : `</${TAGS[mark.type]}>`);
const sameMark = (a: DocMark, b: DocMark) => a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});
const order = (mark: DocMark) => (mark.type === 'link' ? -1 : MARKS.indexOf(mark.type));

/** Inline nodes as the content of a `<source>`: text escaped, marks as nested `<pc>`, breaks as `<ph>`. */
export function encodeInline(nodes: readonly DocNode[], book: CodeBook): string {
  const write = (items: readonly DocNode[], open: readonly DocMark[]): string => {
    let out = '';
    for (let index = 0; index < items.length; ) {
      const node = items[index];
      const extra = (node.marks ?? []).filter((mark) => !open.some((held) => sameMark(held, mark))).sort((a, b) => order(a) - order(b));
      if (extra.length) {
        const mark = extra[0];
        let end = index;
        while (end < items.length && (items[end].marks ?? []).some((held) => sameMark(held, mark))) end += 1;
        const type = mark.type === 'link' ? 'link' : 'fmt';
        const subType = SUBTYPES[mark.type] ? ` subType="${SUBTYPES[mark.type]}"` : '';
        out += `<pc id="${book.code()}" dataRefStart="${book.ref(markStart(mark))}" dataRefEnd="${book.ref(markEnd(mark))}" type="${type}"${subType}>${write(items.slice(index, end), [...open, mark])}</pc>`;
        index = end;
        continue;
      }
      if (node.type === 'text') out += escapeXml(node.text ?? '');
      else if (node.type === 'hardBreak') out += `<ph id="${book.code()}" dataRef="${book.ref('<br/>')}" type="fmt" subType="xlf:lb"/>`;
      else if (node.type === 'footnote') {
        out += `<pc id="${book.code()}" dataRefStart="${book.ref('<footnote>')}" dataRefEnd="${book.ref('</footnote>')}" type="other">${write(node.content ?? [], [])}</pc>`;
      }
      index += 1;
    }
    return out;
  };
  return write(nodes, []);
}

/** An element as fast-xml-parser's ordered form gives it: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
export type XmlNode = Record<string, unknown>;

export const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@') ?? '';
export const childrenOf = (node: XmlNode): XmlNode[] => {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};
export const attrOf = (node: XmlNode, name: string): string | undefined => {
  const attrs = node[':@'] as Record<string, unknown> | undefined;
  const value = attrs?.[`@_${name}`];
  return value === undefined ? undefined : String(value);
};
/** An element's text: its text children and those of its descendants. */
export const textOf = (nodes: readonly XmlNode[]): string => nodes.map((node) => (tagOf(node) === '#text' ? String(node['#text']) : textOf(childrenOf(node)))).join('');

export class InlineProblem extends Error {}

const START = /^<(b|i|u|s|sup|sub)>$/;
const LINK = /^<a (href|ref)="([^"]*)">$/;
const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The mark (or a footnote) a paired code's start names in originalData; an InlineProblem otherwise. */
function codeMeaning(start: string | undefined): DocMark | 'footnote' {
  if (start === undefined) throw new InlineProblem('A paired code refers to no originalData entry: keep the tags of the source as they are');
  if (start === '<footnote>') return 'footnote';
  const tag = START.exec(start)?.[1];
  if (tag) return { type: Object.entries(TAGS).find(([, short]) => short === tag)![0] as DocMark['type'] };
  const link = LINK.exec(start);
  if (!link) throw new InlineProblem(`Unknown inline code "${start}": keep the tags of the source as they are`);
  const value = unescape(link[2]);
  if (link[1] === 'href') return { type: 'link', attrs: { href: value } };
  const [, type, id, anchor] = /^([^/]+)\/([^#]*)(?:#(.*))?$/.exec(value) ?? [];
  if (!type) throw new InlineProblem(`A link to a page of the site names its type and id ("${value}")`);
  return { type: 'link', attrs: { ref: { type, id, ...(anchor ? { anchor } : {}) } } };
}

/** A `<target>`'s (or `<source>`'s) children as inline nodes, by the unit's originalData (id → content). */
export function decodeInline(children: readonly XmlNode[], data: ReadonlyMap<string, string>): DocNode[] {
  const read = (items: readonly XmlNode[], marks: readonly DocMark[], inFootnote: boolean): DocNode[] => {
    const out: DocNode[] = [];
    const pushText = (text: string) => {
      if (!text) return;
      const last = out[out.length - 1];
      const sorted = [...marks].sort((a, b) => MARKS.indexOf(a.type) - MARKS.indexOf(b.type));
      if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(sorted)) last.text = `${last.text ?? ''}${text}`;
      else out.push({ type: 'text', text, ...(sorted.length ? { marks: sorted } : {}) });
    };
    for (const item of items) {
      const tag = tagOf(item);
      if (tag === '#text') pushText(String(item['#text']));
      else if (tag === 'cp') pushText(String.fromCodePoint(Number.parseInt(attrOf(item, 'hex') ?? '0', 16)));
      else if (tag === 'mrk') out.push(...read(childrenOf(item), marks, inFootnote));
      else if (tag === 'ph') {
        if (data.get(attrOf(item, 'dataRef') ?? '') !== '<br/>') throw new InlineProblem('A placeholder refers to no line break of the source: keep the tags of the source as they are');
        out.push({ type: 'hardBreak' });
      } else if (tag === 'pc') {
        const meaning = codeMeaning(data.get(attrOf(item, 'dataRefStart') ?? ''));
        if (meaning === 'footnote') {
          if (inFootnote) throw new InlineProblem('A footnote cannot hold another footnote');
          out.push({ type: 'footnote', content: read(childrenOf(item), [], true) });
        } else {
          if (marks.some((mark) => mark.type === meaning.type)) throw new InlineProblem(`The code "${meaning.type}" is inside another of its kind`);
          out.push(...read(childrenOf(item), [...marks, meaning], inFootnote));
        }
      } else if (tag === 'sc' || tag === 'ec' || tag === 'sm' || tag === 'em') {
        throw new InlineProblem(`Unbalanced inline code <${tag}>: the start and end of each tag must stay in the same segment, in order`);
      } else throw new InlineProblem(`Unknown element <${tag}> in a target`);
    }
    // Merge texts split by an annotation marker.
    return out.reduce<DocNode[]>((merged, node) => {
      const last = merged[merged.length - 1];
      if (last?.type === 'text' && node.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(node.marks ?? [])) last.text = `${last.text ?? ''}${node.text ?? ''}`;
      else merged.push(node);
      return merged;
    }, []);
  };
  return read(children, [], false);
}
