/*
 * Documents (API-3.md "Documents (rich text)"): long texts as JSON in the shape ProseMirror and
 * Tiptap use, with a closed set of nodes and marks. This file is the one definition of that set:
 * the server validates against it, the renderer and the text reader walk it, and the admin's editor
 * is built from the same names. Browser-safe (no Node imports).
 */

export interface DocMark {
  type: MarkName;
  attrs?: { href?: string; ref?: DocReference };
}

export interface DocReference {
  type: string;
  id: string;
  /** A heading's id on the linked page. */
  anchor?: string;
}

export interface DocNode {
  type: NodeName;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
  marks?: DocMark[];
}

export interface Doc {
  type: 'doc';
  content: DocNode[];
}

/** Marks a text may carry. */
export const MARKS = ['bold', 'italic', 'underline', 'strike', 'superscript', 'subscript', 'link'] as const;
type MarkName = (typeof MARKS)[number];
/** Whether a name is one of the marks a document may hold. */
export const isMarkName = (name: string): name is MarkName => (MARKS as readonly string[]).includes(name);

/** Marks a footnote's own text may carry. */
const FOOTNOTE_MARKS: readonly MarkName[] = ['bold', 'italic', 'link'];

/** Blocks, then inline nodes: every node a document may hold (documentProblem says where each may stand). */
export const NODES = [
  'doc',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'image',
  'horizontalRule',
  'text',
  'hardBreak',
  'footnote',
] as const;
type NodeName = (typeof NODES)[number];

const linkable: string[] = [];
/**
 * The record types a document may link to by reference: each whose records have pages of their
 * own. The registry names them from the declarations once it holds every type
 * (domain/registry.ts, `linkTo`); a document field's schema reads them when it is made.
 */
export const LINKABLE_TYPES: readonly string[] = linkable;
/** Called once, by the registry: the types with a page per record. */
export function linkTo(names: readonly string[]): void {
  linkable.splice(0, linkable.length, ...names);
}

/** How deep lists may be nested (the editor's Tab and its paste fold deeper ones to this). */
export const LIST_DEPTH = 3;
/** Limits per document and language. */
const DOCUMENT_LIMITS = { characters: 200_000, nodes: 5_000, listDepth: LIST_DEPTH } as const;
/** Link addresses a document may hold. */
export const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\-\s.]+)$/i;
const ID = /^[0-9a-f]{24}$/;
const ANCHOR = /^[a-z0-9\u0400-\u04ff-]{1,100}$/i;

type DocumentProblemCode = 'unknown_node' | 'unknown_mark' | 'unsafe_link' | 'too_deep' | 'too_large' | 'missing_alt' | 'bad_reference' | 'invalid';

export interface DocumentProblem {
  /** JSON path from the document (`content.3.content.0.marks.0.attrs.href`). */
  path: string;
  code: DocumentProblemCode;
  message: string;
}

export const isDocument = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content);

/** What a document may hold, for the record types that check references (`bad_reference`). */
export interface DocumentRules {
  referenceTypes: readonly string[];
  /** An image's src must be a path of the media library. */
  imagePath?: RegExp;
}

const IMAGE_PATH = /^\/uploads\/\d{4}\/\d{2}\/[a-z0-9]+(?:-[a-z0-9]+)*-(?:large|medium|thumbnail|og)\.(?:webp|jpg)$/;

/**
 * The first thing wrong with a document, or undefined when it is allowed. Walks each node once:
 * linear in the document's size, and stops at the limits.
 */
export function documentProblem(value: unknown, rules: DocumentRules): DocumentProblem | undefined {
  let nodes = 0;
  let characters = 0;
  const fail = (path: string, code: DocumentProblemCode, message: string): DocumentProblem => ({ path, code, message });
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

  if (!isDocument(value)) return fail('', 'invalid', 'A document must be an object { "type": "doc", "content": [...] }, or a plain text');

  function marks(list: unknown, path: string, allowed: readonly MarkName[]): DocumentProblem | undefined {
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) return fail(path, 'invalid', 'marks must be a list');
    for (const [index, mark] of list.entries()) {
      const at = join(path, index);
      const type = (mark as DocMark | null)?.type;
      if (!allowed.includes(type as MarkName)) return fail(join(at, 'type'), 'unknown_mark', `Unknown or not allowed here: mark "${String(type)}"`);
      const attrs = (mark as DocMark).attrs;
      if (type !== 'link') {
        if (attrs !== undefined && Object.keys(attrs).length) return fail(join(at, 'attrs'), 'invalid', `The mark "${type}" takes no attributes`);
        continue;
      }
      if (typeof attrs !== 'object' || attrs === null) return fail(join(at, 'attrs'), 'invalid', 'A link needs an href or a ref');
      const keys = Object.keys(attrs);
      if (keys.some((key) => key !== 'href' && key !== 'ref')) return fail(join(at, 'attrs'), 'invalid', 'A link has only href or ref');
      // One or the other: a link with both would be checked by one and shown by the other.
      if (attrs.href !== undefined && attrs.ref !== undefined) return fail(join(at, 'attrs'), 'invalid', 'A link has an href (an address) or a ref (a page of the site), not both: keep one');
      if (attrs.href !== undefined) {
        if (typeof attrs.href !== 'string' || attrs.href.length > 2000 || !SAFE_LINK.test(attrs.href.trim())) {
          return fail(join(join(at, 'attrs'), 'href'), 'unsafe_link', 'A link address must start with https://, http://, mailto: or tel:');
        }
      } else {
        const ref = attrs.ref as DocReference | undefined;
        const refPath = join(join(at, 'attrs'), 'ref');
        if (typeof ref !== 'object' || ref === null || typeof ref.type !== 'string' || typeof ref.id !== 'string') return fail(refPath, 'bad_reference', 'A link to a page of the site names its type and id');
        if (!rules.referenceTypes.includes(ref.type)) return fail(join(refPath, 'type'), 'bad_reference', `There is no record type "${ref.type}" to link to`);
        if (!ID.test(ref.id)) return fail(join(refPath, 'id'), 'bad_reference', 'A record id is 24 hexadecimal characters');
        if (ref.anchor !== undefined && (typeof ref.anchor !== 'string' || !ANCHOR.test(ref.anchor))) return fail(join(refPath, 'anchor'), 'bad_reference', 'An anchor is a heading id of letters, digits and hyphens');
        if (Object.keys(ref).some((key) => !['type', 'id', 'anchor'].includes(key))) return fail(refPath, 'bad_reference', 'A reference has only type, id and anchor');
      }
    }
    return undefined;
  }

  function counted(path: string): DocumentProblem | undefined {
    nodes += 1;
    if (nodes > DOCUMENT_LIMITS.nodes) return fail(path, 'too_large', `A document may hold at most ${DOCUMENT_LIMITS.nodes} parts (paragraphs, list items, cells, pieces of text)`);
    return undefined;
  }

  function onlyKeys(node: Record<string, unknown>, path: string, keys: string[]): DocumentProblem | undefined {
    const extra = Object.keys(node).find((key) => !keys.includes(key));
    return extra ? fail(join(path, extra), 'invalid', `"${extra}" is not part of a ${String(node.type)}`) : undefined;
  }

  /** Inline content: text (with marks), hard breaks, footnotes (not inside a footnote). */
  function inline(list: unknown, path: string, allowedMarks: readonly MarkName[], inFootnote: boolean): DocumentProblem | undefined {
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) return fail(path, 'invalid', 'content must be a list');
    for (const [index, child] of list.entries()) {
      const at = join(path, index);
      const node = child as Record<string, unknown> | null;
      if (typeof node !== 'object' || node === null) return fail(at, 'unknown_node', 'A part of a text must be an object');
      const problem = counted(at);
      if (problem) return problem;
      if (node.type === 'text') {
        const extra = onlyKeys(node, at, ['type', 'text', 'marks']);
        if (extra) return extra;
        if (typeof node.text !== 'string' || node.text === '') return fail(join(at, 'text'), 'invalid', 'A text part holds some text');
        characters += node.text.length;
        if (characters > DOCUMENT_LIMITS.characters) return fail(join(at, 'text'), 'too_large', `A document may hold at most ${DOCUMENT_LIMITS.characters.toLocaleString('en')} characters of text`);
        const markProblem = marks(node.marks, join(at, 'marks'), allowedMarks);
        if (markProblem) return markProblem;
      } else if (node.type === 'hardBreak') {
        const extra = onlyKeys(node, at, ['type']);
        if (extra) return extra;
      } else if (node.type === 'footnote' && !inFootnote) {
        const extra = onlyKeys(node, at, ['type', 'content']);
        if (extra) return extra;
        const inner = inline(node.content, join(at, 'content'), FOOTNOTE_MARKS, true);
        if (inner) return inner;
      } else {
        return fail(join(at, 'type'), 'unknown_node', `Unknown or not allowed here: "${String(node.type)}"`);
      }
    }
    return undefined;
  }

  function paragraphs(list: unknown, path: string): DocumentProblem | undefined {
    return blocks(list, path, ['paragraph'], 0);
  }

  function blocks(list: unknown, path: string, allowed: readonly string[], listDepth: number): DocumentProblem | undefined {
    if (!Array.isArray(list)) return fail(path, 'invalid', 'content must be a list');
    for (const [index, child] of list.entries()) {
      const at = join(path, index);
      const node = child as Record<string, unknown> | null;
      if (typeof node !== 'object' || node === null) return fail(at, 'unknown_node', 'A block must be an object');
      if (!allowed.includes(node.type as string)) return fail(join(at, 'type'), 'unknown_node', `Unknown or not allowed here: "${String(node.type)}"`);
      const problem = counted(at) ?? block(node, at, listDepth);
      if (problem) return problem;
    }
    return undefined;
  }

  function block(node: Record<string, unknown>, path: string, listDepth: number): DocumentProblem | undefined {
    const attrs = (node.attrs ?? {}) as Record<string, unknown>;
    if (typeof attrs !== 'object' || attrs === null || Array.isArray(attrs)) return fail(join(path, 'attrs'), 'invalid', 'attrs must be an object');
    const attrKeys = (keys: string[]) => {
      const extra = Object.keys(attrs).find((key) => !keys.includes(key));
      return extra ? fail(join(join(path, 'attrs'), extra), 'invalid', `"${extra}" is not an attribute of a ${String(node.type)}`) : undefined;
    };
    const content = join(path, 'content');
    switch (node.type) {
      case 'paragraph':
        return onlyKeys(node, path, ['type', 'content', 'attrs']) ?? attrKeys([]) ?? inline(node.content, content, MARKS, false);
      case 'heading':
        if (![2, 3, 4].includes(attrs.level as number)) return fail(join(join(path, 'attrs'), 'level'), 'invalid', 'A heading has level 2, 3 or 4 (the page title is the only level 1)');
        return onlyKeys(node, path, ['type', 'content', 'attrs']) ?? attrKeys(['level']) ?? inline(node.content, content, MARKS, false);
      case 'bulletList':
      case 'orderedList': {
        if (listDepth >= DOCUMENT_LIMITS.listDepth) return fail(path, 'too_deep', `Lists may be nested at most ${DOCUMENT_LIMITS.listDepth} levels deep`);
        if (node.type === 'orderedList' && attrs.start !== undefined && !(Number.isInteger(attrs.start) && (attrs.start as number) >= 0 && (attrs.start as number) < 1e6)) {
          return fail(join(join(path, 'attrs'), 'start'), 'invalid', 'A numbered list starts at a whole number');
        }
        if (!Array.isArray(node.content) || node.content.length === 0) return fail(content, 'invalid', 'A list has at least one item');
        return onlyKeys(node, path, ['type', 'content', 'attrs']) ?? attrKeys(node.type === 'orderedList' ? ['start'] : []) ?? blocks(node.content, content, ['listItem'], listDepth + 1);
      }
      case 'listItem': {
        const items = node.content;
        if (!Array.isArray(items) || items.length === 0 || (items[0] as DocNode | null)?.type !== 'paragraph') return fail(content, 'invalid', 'A list item starts with a paragraph');
        const extra = onlyKeys(node, path, ['type', 'content']);
        if (extra) return extra;
        // A paragraph (or several), then at most one nested list at the end.
        const last = items.length - 1;
        for (const [index, child] of items.entries()) {
          const type = (child as DocNode | null)?.type;
          const allowed = index === last && index > 0 ? ['paragraph', 'bulletList', 'orderedList'] : ['paragraph'];
          if (!allowed.includes(type as string)) {
            if ((type === 'bulletList' || type === 'orderedList') && listDepth >= DOCUMENT_LIMITS.listDepth) return fail(join(content, index), 'too_deep', `Lists may be nested at most ${DOCUMENT_LIMITS.listDepth} levels deep`);
            return fail(join(join(content, index), 'type'), 'unknown_node', `Unknown or not allowed here: "${String(type)}"`);
          }
        }
        return blocks(items, content, ['paragraph', 'bulletList', 'orderedList'], listDepth);
      }
      case 'blockquote':
        return onlyKeys(node, path, ['type', 'content']) ?? paragraphs(node.content, content);
      case 'table':
        if (!Array.isArray(node.content) || node.content.length === 0) return fail(content, 'invalid', 'A table has at least one row');
        return onlyKeys(node, path, ['type', 'content']) ?? blocks(node.content, content, ['tableRow'], listDepth);
      case 'tableRow':
        if (!Array.isArray(node.content) || node.content.length === 0) return fail(content, 'invalid', 'A table row has at least one cell');
        return onlyKeys(node, path, ['type', 'content']) ?? blocks(node.content, content, ['tableHeader', 'tableCell'], listDepth);
      case 'tableHeader':
      case 'tableCell':
        // No merged cells: colspan and rowspan are not attributes of ours.
        return onlyKeys(node, path, ['type', 'content', 'attrs']) ?? attrKeys([]) ?? paragraphs(node.content ?? [{ type: 'paragraph' }], content);
      case 'image': {
        const extra = onlyKeys(node, path, ['type', 'attrs']) ?? attrKeys(['src', 'alt', 'caption']);
        if (extra) return extra;
        const imagePath = rules.imagePath ?? IMAGE_PATH;
        if (typeof attrs.src !== 'string' || !imagePath.test(attrs.src)) return fail(join(join(path, 'attrs'), 'src'), 'invalid', 'An image comes from the media library (/uploads/…)');
        if (typeof attrs.alt !== 'string' || !attrs.alt.trim()) return fail(join(join(path, 'attrs'), 'alt'), 'missing_alt', 'An image needs a text saying what it shows (alt), in this language');
        if (attrs.alt.length > 500) return fail(join(join(path, 'attrs'), 'alt'), 'too_large', 'An image’s alt text is at most 500 characters');
        if (attrs.caption !== undefined && attrs.caption !== null && (typeof attrs.caption !== 'string' || attrs.caption.length > 1000)) return fail(join(join(path, 'attrs'), 'caption'), 'invalid', 'A caption is a text of at most 1,000 characters');
        return undefined;
      }
      case 'horizontalRule':
        return onlyKeys(node, path, ['type']);
      default:
        return fail(join(path, 'type'), 'unknown_node', `Unknown or not allowed here: "${String(node.type)}"`);
    }
  }

  const top = onlyKeys(value as unknown as Record<string, unknown>, '', ['type', 'content']);
  if (top) return top;
  return blocks(value.content, 'content', ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'table', 'image', 'horizontalRule'], 0);
}

/**
 * A plain text as a document, as the first API's clients write it: a blank line between
 * paragraphs, a single line break inside one.
 */
export function textToDocument(text: string): Doc {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((part) => part.replace(/^\n+|\n+$/g, ''))
    .filter((part) => part.trim() !== '');
  return {
    type: 'doc',
    content: paragraphs.map((part) => ({
      type: 'paragraph',
      content: part.split('\n').flatMap((line, index): DocNode[] => [...(index ? [{ type: 'hardBreak' } as DocNode] : []), ...(line ? [{ type: 'text', text: line } as DocNode] : [])]),
    })),
  };
}

/** Every node of a document's content, depth first. */
export function* walk(nodes: readonly DocNode[] | undefined): Generator<DocNode> {
  for (const node of nodes ?? []) {
    yield node;
    yield* walk(node.content);
  }
}

/**
 * The document's words as plain text: blocks separated by a blank line, list items and table rows
 * by a line, cells by a tab; footnotes after the text. For search, excerpts, reading time,
 * `articleBody` and `format=text`.
 */
export function documentToText(doc: Doc | undefined | null): string {
  if (!doc) return '';
  const notes: string[] = [];
  const inline = (nodes: readonly DocNode[] | undefined): string =>
    (nodes ?? [])
      .map((node) => {
        if (node.type === 'text') return node.text ?? '';
        if (node.type === 'hardBreak') return '\n';
        if (node.type === 'footnote') {
          notes.push(inline(node.content));
          return `[${notes.length}]`;
        }
        return '';
      })
      .join('');
  const block = (node: DocNode): string => {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
        return inline(node.content);
      case 'bulletList':
      case 'orderedList':
        return (node.content ?? []).filter(showsWords).map((item) => (item.content ?? []).map(block).filter(Boolean).join('\n')).join('\n');
      case 'blockquote':
        return (node.content ?? []).map(block).join('\n');
      case 'table':
        return (node.content ?? []).map((row) => (row.content ?? []).map((cell) => (cell.content ?? []).map(block).join(' ')).join('\t')).join('\n');
      case 'image':
        return typeof node.attrs?.caption === 'string' ? node.attrs.caption : '';
      default:
        return '';
    }
  };
  const text = doc.content.map(block).filter((part) => part.trim() !== '').join('\n\n');
  return notes.length ? `${text}\n\n${notes.map((note, index) => `[${index + 1}] ${note}`).join('\n')}` : text;
}

/** Whether a document holds at least one letter or digit ("filled" for required fields and the translation status). */
export function hasText(doc: Doc | undefined | null): boolean {
  for (const node of walk(doc?.content)) if (node.type === 'text' && /[\p{L}\p{N}]/u.test(node.text ?? '')) return true;
  return false;
}

/**
 * Whether a part of a document shows anything: a text that is not only spaces, or a footnote. A list
 * item without (the edge of a selection pasted, an Enter too many) is not published.
 */
export function showsWords(node: DocNode): boolean {
  for (const part of walk([node])) if ((part.type === 'text' && part.text?.trim()) || part.type === 'footnote') return true;
  return false;
}

/**
 * A copy with `convert` applied to every text (a footnote's and an image's alt and caption too);
 * link addresses, references, image paths and e-mail addresses never change.
 */
export function mapDocumentText(doc: Doc, convert: (text: string) => string): Doc {
  const EMAIL_OR_URL = /(\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/\S+)/g;
  const safely = (text: string) =>
    text
      .split(EMAIL_OR_URL)
      .map((part, index) => (index % 2 ? part : convert(part)))
      .join('');
  const copy = (node: DocNode): DocNode => {
    const next: DocNode = { ...node };
    if (node.type === 'text' && node.text) next.text = safely(node.text);
    if (node.type === 'image' && node.attrs) {
      next.attrs = { ...node.attrs, alt: typeof node.attrs.alt === 'string' ? safely(node.attrs.alt) : node.attrs.alt };
      if (typeof node.attrs.caption === 'string') next.attrs.caption = safely(node.attrs.caption);
    }
    if (node.content) next.content = node.content.map(copy);
    return next;
  };
  return { type: 'doc', content: doc.content.map(copy) };
}

/** lex.uz as people paste it: with "www." or over http. */
const LAW_HOST = /^https?:\/\/(?:www\.)?lex\.uz(?=[/?#]|$)/i;

/** A lex.uz address as `https://lex.uz/…`; any other address as it is. */
export const tidyLawLink = (href: string) => href.trim().replace(LAW_HOST, 'https://lex.uz');

/**
 * A copy whose lex.uz links are written the one way lex.uz answers them (`https://lex.uz/…`): a
 * save corrects `http://` and `www.` quietly, rather than a check stopping the lawyer for it.
 */
export function withLawLinksTidied(doc: Doc): Doc {
  const tidy = (mark: DocMark): DocMark => (mark.type === 'link' && mark.attrs?.href && LAW_HOST.test(mark.attrs.href) ? { ...mark, attrs: { ...mark.attrs, href: tidyLawLink(mark.attrs.href) } } : mark);
  const copy = (node: DocNode): DocNode => ({ ...node, ...(node.marks ? { marks: node.marks.map(tidy) } : {}), ...(node.content ? { content: node.content.map(copy) } : {}) });
  return { type: 'doc', content: doc.content.map(copy) };
}

/** The media-library paths of the images a document shows. */
export function documentImages(doc: Doc | undefined | null): string[] {
  const found: string[] = [];
  for (const node of walk(doc?.content)) if (node.type === 'image' && typeof node.attrs?.src === 'string') found.push(node.attrs.src);
  return found;
}

/** The records a document links to (`type/id`), each once. */
export function documentReferences(doc: Doc | undefined | null): DocReference[] {
  const found = new Map<string, DocReference>();
  for (const node of walk(doc?.content)) {
    for (const mark of node.marks ?? []) if (mark.type === 'link' && mark.attrs?.ref) found.set(`${mark.attrs.ref.type}/${mark.attrs.ref.id}`, mark.attrs.ref);
  }
  return [...found.values()];
}

/** Every outside address (http or https) a document links to, each once; `own`: the site's address, whose links are not outside. */
export function documentOutsideLinks(doc: Doc | undefined | null, own?: string): string[] {
  const found = new Set<string>();
  for (const node of walk(doc?.content)) {
    for (const mark of node.marks ?? []) {
      const href = mark.type === 'link' ? mark.attrs?.href : undefined;
      if (typeof href === 'string' && /^https?:\/\//i.test(href) && !(own && href.startsWith(own))) found.add(href);
    }
  }
  return [...found];
}
