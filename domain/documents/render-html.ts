import { showsWords, type Doc, type DocMark, type DocNode, type DocReference } from './document.ts';

/*
 * A document as the semantic HTML of a public page (API-3.md): our own renderer, run when a record
 * is saved (not an editor library at request time). Every text and attribute is escaped; only the
 * closed set of nodes and marks exists, so no HTML of a user's ever reaches a page.
 */

export interface RenderWords {
  /** Above the table of contents. */
  contents: string;
  /** The heading of the footnotes. */
  notes: string;
  /** The link from a note back to where it is referred to. */
  backToText: string;
  /** The name of a table's scrolling box, for screen readers. */
  table: string;
}

export interface RenderOptions {
  /** A record's current address in the page's language, or undefined when it is not public (its words stay, unlinked). */
  resolve: (ref: DocReference) => string | undefined;
  words: RenderWords;
  /** Ids of this render start with this (two documents on one page never share an id). */
  idPrefix?: string;
}

export interface RenderedDocument {
  html: string;
  headings: Array<{ id: string; level: number; text: string }>;
  /** Each top-level node's HTML in order ('' for one that shows nothing): the admin's source pane stands each beside its translation. */
  blocks: string[];
  /** The footnotes' section ('' without notes), as `html` ends with it. */
  footnotes: string;
}

/** At this many headings and more, a text shows a table of contents. */
const CONTENTS_FROM_HEADINGS = 3;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** A heading's id from its words: letters (Latin or Cyrillic) and digits joined by hyphens. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[ʻʼ‘’'`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const MARK_ORDER = ['link', 'bold', 'italic', 'underline', 'strike', 'superscript', 'subscript'] as const;
const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', underline: 'u', strike: 's', superscript: 'sup', subscript: 'sub' };

const plainText = (nodes: readonly DocNode[] | undefined): string =>
  (nodes ?? []).map((node) => (node.type === 'text' ? (node.text ?? '') : node.type === 'hardBreak' ? ' ' : '')).join('');

export function renderDocument(doc: Doc, options: RenderOptions): RenderedDocument {
  const prefix = options.idPrefix ?? '';
  const notes: string[] = [];
  const headings: RenderedDocument['headings'] = [];
  const usedIds = new Set<string>();

  const linkOpen = (mark: DocMark): string | undefined => {
    if (mark.attrs?.href) {
      const href = mark.attrs.href.trim();
      const outside = /^https?:/i.test(href);
      return `<a href="${escapeHtml(href)}"${outside ? ' rel="noopener"' : ''}>`;
    }
    if (mark.attrs?.ref) {
      const path = options.resolve(mark.attrs.ref);
      if (!path) return undefined;
      return `<a href="${escapeHtml(path + (mark.attrs.ref.anchor ? `#${mark.attrs.ref.anchor}` : ''))}">`;
    }
    return undefined;
  };

  /** Text with its marks; neighbours sharing a mark share its element (one link, not three). */
  function inline(nodes: readonly DocNode[] | undefined): string {
    let html = '';
    const open: Array<{ key: string; close: string }> = [];
    const keyOf = (mark: DocMark) => (mark.type === 'link' ? `link:${mark.attrs?.href ?? `${mark.attrs?.ref?.type}/${mark.attrs?.ref?.id}#${mark.attrs?.ref?.anchor ?? ''}`}` : mark.type);
    const closeFrom = (index: number) => {
      while (open.length > index) html += open.pop()!.close;
    };
    for (const node of nodes ?? []) {
      const marks = node.type === 'text' ? [...(node.marks ?? [])].sort((a, b) => MARK_ORDER.indexOf(a.type as (typeof MARK_ORDER)[number]) - MARK_ORDER.indexOf(b.type as (typeof MARK_ORDER)[number])) : [];
      const keys = marks.map(keyOf);
      let keep = 0;
      while (keep < open.length && keep < keys.length && open[keep].key === keys[keep]) keep += 1;
      closeFrom(keep);
      for (const mark of marks.slice(keep)) {
        if (mark.type === 'link') {
          const tag = linkOpen(mark);
          html += tag ?? '';
          open.push({ key: keyOf(mark), close: tag ? '</a>' : '' });
        } else {
          html += `<${MARK_TAGS[mark.type]}>`;
          open.push({ key: keyOf(mark), close: `</${MARK_TAGS[mark.type]}>` });
        }
      }
      if (node.type === 'text') html += escapeHtml(node.text ?? '');
      else if (node.type === 'hardBreak') html += '<br>';
      else if (node.type === 'footnote') {
        closeFrom(0);
        notes.push(inline(node.content));
        const number = notes.length;
        html += `<sup class="doc-note-ref" id="${prefix}note-ref-${number}"><a href="#${prefix}note-${number}" aria-label="${escapeHtml(options.words.notes)} ${number}">${number}</a></sup>`;
      }
    }
    closeFrom(0);
    return html;
  }

  const cells = (row: DocNode, firstRow: boolean) =>
    (row.content ?? [])
      .map((cell) => {
        const inner = (cell.content ?? []).map((paragraph) => inline(paragraph.content)).join('<br>');
        if (cell.type === 'tableHeader') return `<th scope="${firstRow ? 'col' : 'row'}">${inner}</th>`;
        return `<td>${inner}</td>`;
      })
      .join('');

  function block(node: DocNode): string {
    switch (node.type) {
      case 'paragraph': {
        const inner = inline(node.content);
        return inner ? `<p>${inner}</p>` : '';
      }
      case 'heading': {
        const level = Number(node.attrs?.level);
        const text = plainText(node.content);
        let id = headingId(text) || `section-${headings.length + 1}`;
        for (let n = 2; usedIds.has(id); n += 1) id = `${headingId(text) || 'section'}-${n}`;
        usedIds.add(id);
        headings.push({ id: prefix + id, level, text });
        return `<h${level} id="${escapeHtml(prefix + id)}">${inline(node.content)}</h${level}>`;
      }
      case 'bulletList':
      case 'orderedList': {
        const tag = node.type === 'bulletList' ? 'ul' : 'ol';
        const start = node.type === 'orderedList' && Number(node.attrs?.start ?? 1) !== 1 ? ` start="${Number(node.attrs?.start)}"` : '';
        // An item without words shows only its number or bullet: it is left out.
        const items = (node.content ?? []).filter(showsWords);
        return items.length ? `<${tag}${start}>${items.map((item) => `<li>${listItem(item)}</li>`).join('')}</${tag}>` : '';
      }
      case 'blockquote':
        return `<blockquote>${(node.content ?? []).map(block).join('')}</blockquote>`;
      case 'table': {
        const rows = node.content ?? [];
        const head = rows[0] && (rows[0].content ?? []).every((cell) => cell.type === 'tableHeader') ? rows[0] : undefined;
        const body = head ? rows.slice(1) : rows;
        return (
          `<div class="doc-table" role="region" tabindex="0" aria-label="${escapeHtml(options.words.table)}"><table>` +
          (head ? `<thead><tr>${cells(head, true)}</tr></thead>` : '') +
          `<tbody>${body.map((row) => `<tr>${cells(row, false)}</tr>`).join('')}</tbody></table></div>`
        );
      }
      case 'image': {
        const { src, alt, caption } = (node.attrs ?? {}) as { src?: string; alt?: string; caption?: string };
        const image = `<img src="${escapeHtml(String(src ?? ''))}" alt="${escapeHtml(String(alt ?? ''))}" loading="lazy" decoding="async">`;
        return `<figure>${image}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
      }
      case 'horizontalRule':
        return '<hr>';
      default:
        return '';
    }
  }

  /** A list item's first paragraph without <p> (a tight list), the rest as blocks. */
  function listItem(item: DocNode): string {
    const [first, ...rest] = item.content ?? [];
    return (first ? inline(first.content) : '') + rest.map(block).join('');
  }

  const blocks = doc.content.map(block);
  let html = blocks.join('');
  if (headings.length >= CONTENTS_FROM_HEADINGS) {
    const items = headings.map((heading) => `<li class="doc-toc-${heading.level}"><a href="#${escapeHtml(heading.id)}">${escapeHtml(heading.text)}</a></li>`).join('');
    html = `<nav class="doc-toc" aria-label="${escapeHtml(options.words.contents)}"><p class="doc-toc-title">${escapeHtml(options.words.contents)}</p><ol>${items}</ol></nav>${html}`;
  }
  let footnotes = '';
  if (notes.length) {
    const items = notes
      .map((note, index) => `<li id="${prefix}note-${index + 1}">${note} <a href="#${prefix}note-ref-${index + 1}" class="doc-note-back" aria-label="${escapeHtml(options.words.backToText)}">↩</a></li>`)
      .join('');
    footnotes = `<section class="doc-notes" aria-labelledby="${prefix}notes-title"><h2 id="${prefix}notes-title">${escapeHtml(options.words.notes)}</h2><ol>${items}</ol></section>`;
    html += footnotes;
  }
  return { html, headings, blocks, footnotes };
}
