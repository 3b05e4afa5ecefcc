import { Extension, Mark, mergeAttributes, Node, type AnyExtension } from '@tiptap/core';
import type { Mark as EditorMark, Node as EditorDocument } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import Blockquote from '@tiptap/extension-blockquote';
import Image from '@tiptap/extension-image';
import { ListItem } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isMarkName, LIST_DEPTH, SAFE_LINK, type Doc, type DocMark, type DocNode } from '../../domain/documents/document.ts';

/*
 * The editor's schema, built from the server's closed set (domain/documents/document.ts): the same
 * node and mark names, and the same contents where ProseMirror's defaults allow more (a quote,
 * a table cell hold paragraphs; a list item a paragraph and at most one list). What the editor
 * holds is turned into a document the server accepts by `fromEditor`.
 */

const Superscript = Mark.create({
  name: 'superscript',
  excludes: 'subscript',
  parseHTML: () => [{ tag: 'sup:not([data-footnote])' }, { style: 'vertical-align=super' }],
  renderHTML: ({ HTMLAttributes }) => ['sup', mergeAttributes(HTMLAttributes), 0],
  addKeyboardShortcuts() {
    return { 'Mod-.': () => this.editor.commands.toggleMark(this.name) };
  },
});

const Subscript = Mark.create({
  name: 'subscript',
  excludes: 'superscript',
  parseHTML: () => [{ tag: 'sub' }, { style: 'vertical-align=sub' }],
  renderHTML: ({ HTMLAttributes }) => ['sub', mergeAttributes(HTMLAttributes), 0],
  addKeyboardShortcuts() {
    return { 'Mod-,': () => this.editor.commands.toggleMark(this.name) };
  },
});

/** A note at the end of the text, written where it is referred to: its own words, bold, italic and links. */
const Footnote = Node.create({
  name: 'footnote',
  group: 'inline',
  inline: true,
  // Written in its own box (the toolbar's Footnote), kept whole in the text: the cursor steps over it.
  atom: true,
  content: 'text*',
  marks: 'bold italic link',
  parseHTML: () => [{ tag: 'sup[data-footnote]', priority: 60 }],
  renderHTML: ({ HTMLAttributes }) => ['sup', mergeAttributes(HTMLAttributes, { 'data-footnote': '', class: 'editor-footnote', contenteditable: 'false' }), 0],
});

/** The link every letter of a range carries, when they all carry the same one. */
function linkOver(doc: EditorDocument, from: number, to: number): EditorMark | undefined {
  let link: EditorMark | undefined;
  let whole = true;
  doc.nodesBetween(from, to, (node) => {
    if (!node.isText) return;
    const mark = node.marks.find((candidate) => candidate.type.name === 'link');
    if (!mark || (link && !link.eq(mark))) whole = false;
    else link = mark;
  });
  return whole ? link : undefined;
}

interface Retyping {
  link: EditorMark;
  /** Where the cursor stands after what was typed so far. */
  end: number;
}
const retyping = new PluginKey<Retyping | null>('retypedLink');

/**
 * A link's words selected and typed over stay one link, every word of them. Without this only the
 * first word would: the link takes the first letters typed, then the autolink plugin unlinks the
 * space after them, and what follows the space is typed outside the link.
 */
const RetypedLink = Extension.create({
  name: 'retypedLink',
  addProseMirrorPlugins() {
    return [
      new Plugin<Retyping | null>({
        key: retyping,
        state: {
          init: (): Retyping | null => null,
          apply: (tr, value): Retyping | null => {
            const next = tr.getMeta(retyping) as Retyping | undefined;
            if (next) return next;
            // Only the cursor staying where the retyping is keeps it going.
            return value && !tr.docChanged && tr.selection.empty && tr.selection.from === value.end ? value : null;
          },
        },
        props: {
          handleTextInput(view, from, to, text) {
            const going = retyping.getState(view.state);
            const link = from < to ? linkOver(view.state.doc, from, to) : going && from === going.end ? going.link : undefined;
            if (!link) return false;
            const tr = view.state.tr.insertText(text, from, to);
            tr.addMark(from, from + text.length, link).setMeta(retyping, { link, end: from + text.length }).setMeta('preventAutolink', true);
            view.dispatch(tr);
            return true;
          },
        },
      }),
    ];
  },
});

/** An address written in a note's words (its final full stop or comma is the sentence's). */
const ADDRESS_IN_TEXT = /(?:https?:\/\/|mailto:)[^\s]+?(?=[.,;:!?)»”]*(?:\s|$))/gi;

/**
 * A footnote's words as its content: the addresses in them linked, and the words a link of the
 * note being rewritten had (found again, unchanged) linked as before.
 */
export function footnoteContent(text: string, before?: EditorDocument): EditorNode[] {
  const links: Array<{ from: number; to: number; href: string }> = [];
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) if (SAFE_LINK.test(match[0])) links.push({ from: match.index, to: match.index + match[0].length, href: match[0] });
  before?.forEach((node) => {
    const href = node.marks.find((mark) => mark.type.name === 'link')?.attrs.href as string | undefined;
    const at = href && node.text ? text.indexOf(node.text) : -1;
    if (href && at >= 0 && !links.some((link) => link.from < at + node.text!.length && at < link.to)) links.push({ from: at, to: at + node.text!.length, href });
  });
  links.sort((a, b) => a.from - b.from);
  const content: EditorNode[] = [];
  let at = 0;
  for (const link of links) {
    if (link.from > at) content.push({ type: 'text', text: text.slice(at, link.from) });
    content.push({ type: 'text', text: text.slice(link.from, link.to), marks: [{ type: 'link', attrs: { href: link.href } }] });
    at = link.to;
  }
  if (at < text.length) content.push({ type: 'text', text: text.slice(at) });
  return content;
}

/** A picture of the media library, with its alt text (required) and a caption. */
const Figure = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
      caption: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('data-caption'), renderHTML: (attributes: { caption?: string | null }) => (attributes.caption ? { 'data-caption': attributes.caption, title: attributes.caption } : {}) },
    };
  },
}).configure({ inline: false, allowBase64: false });

export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      blockquote: false,
      listItem: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto', 'tel'],
        isAllowedUri: (url) => SAFE_LINK.test(url) || url.startsWith('#ref:'),
        HTMLAttributes: { rel: null, target: null },
      },
    }),
    Blockquote.extend({ content: 'paragraph+' }),
    ListItem.extend({
      content: 'paragraph+ (bulletList | orderedList)?',
      // Tab nests an item one level deeper, never past the three levels a document may hold.
      addKeyboardShortcuts() {
        return {
          ...this.parent?.(),
          Tab: () => {
            const { $from } = this.editor.state.selection;
            let lists = 0;
            for (let depth = $from.depth; depth > 0; depth -= 1) if (['bulletList', 'orderedList'].includes($from.node(depth).type.name)) lists += 1;
            if (lists >= LIST_DEPTH) return true;
            return this.editor.commands.sinkListItem(this.name);
          },
        };
      },
    }),
    RetypedLink,
    Superscript,
    Subscript,
    Footnote,
    Figure,
    // In a box of its own that scrolls sideways: a wide table never widens the form.
    Table.configure({ resizable: false, renderWrapper: true }),
    TableRow,
    TableHeader.extend({ content: 'paragraph+' }),
    TableCell.extend({ content: 'paragraph+' }),
  ];
}

export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  text?: string;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
}

/** A link to a page of the site is held in the editor as `#ref:type/id` (shown as such in its dialog). */
export const refHref = (type: string, id: string) => `#ref:${type}/${id}`;
const refOf = (href: string) => {
  const match = /^#ref:([a-z]+)\/([0-9a-f]{24})$/.exec(href);
  return match ? { type: match[1], id: match[2] } : undefined;
};

function markFrom(mark: { type: string; attrs?: Record<string, unknown> }): DocMark | undefined {
  if (mark.type !== 'link') return isMarkName(mark.type) ? { type: mark.type } : undefined;
  const href = String(mark.attrs?.href ?? '');
  const ref = refOf(href);
  if (ref) return { type: 'link', attrs: { ref } };
  return href ? { type: 'link', attrs: { href } } : undefined;
}

/** What the editor holds, as a document of the closed schema. */
export function fromEditor(json: EditorNode): Doc {
  const convert = (node: EditorNode): DocNode | undefined => {
    const content = node.content?.map(convert).filter((child): child is DocNode => child !== undefined);
    switch (node.type) {
      case 'text': {
        const marks = (node.marks ?? []).map(markFrom).filter((mark): mark is DocMark => mark !== undefined);
        return { type: 'text', text: node.text ?? '', ...(marks.length ? { marks } : {}) };
      }
      case 'heading':
        return { type: 'heading', attrs: { level: Number(node.attrs?.level ?? 2) }, ...(content?.length ? { content } : {}) };
      case 'orderedList': {
        const start = Number(node.attrs?.start ?? 1);
        return { type: 'orderedList', ...(start !== 1 ? { attrs: { start } } : {}), content: content ?? [] };
      }
      case 'image': {
        const { src, alt, caption } = node.attrs ?? {};
        return { type: 'image', attrs: { src: String(src ?? ''), alt: String(alt ?? ''), ...(caption ? { caption: String(caption) } : {}) } };
      }
      case 'paragraph':
      case 'bulletList':
      case 'listItem':
      case 'blockquote':
      case 'table':
      case 'tableRow':
      case 'tableHeader':
      case 'tableCell':
      case 'footnote':
        return { type: node.type, ...(content?.length ? { content } : node.type === 'paragraph' || node.type === 'footnote' ? {} : { content: [] }) };
      case 'hardBreak':
      case 'horizontalRule':
        return { type: node.type };
      default:
        return undefined;
    }
  };
  const blocks = (json.content ?? []).map(convert).filter((node): node is DocNode => node !== undefined);
  // The empty paragraph the editor keeps after a table or a list at the end is not part of the text.
  while (blocks.length && blocks.at(-1)!.type === 'paragraph' && !blocks.at(-1)!.content?.length) blocks.pop();
  // The editor's one empty paragraph is an empty document.
  const meaningful = blocks.filter((node) => !(node.type === 'paragraph' && !node.content?.length));
  return { type: 'doc', content: meaningful.length ? blocks : [] };
}

/** A stored document (or a plain text of the first API) as the editor's content. */
export function toEditor(doc: Doc): EditorNode {
  const convert = (node: DocNode): EditorNode => {
    const next: EditorNode = { type: node.type };
    if (node.attrs) next.attrs = { ...node.attrs };
    if (node.text !== undefined) next.text = node.text;
    if (node.marks) {
      next.marks = node.marks.map((mark) =>
        mark.type === 'link' ? { type: 'link', attrs: { href: mark.attrs?.ref ? refHref(mark.attrs.ref.type, mark.attrs.ref.id) : mark.attrs?.href } } : { type: mark.type },
      );
    }
    if (node.content) next.content = node.content.map(convert);
    return next;
  };
  return { type: 'doc', content: doc.content.length ? doc.content.map(convert) : [{ type: 'paragraph' }] };
}
