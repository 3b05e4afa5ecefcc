/*
 * What the clipboard brings from Word (desktop and web), Google Docs and LibreOffice, made into
 * plain semantic HTML before the editor reads it by its schema: headings, nested lists (Word's
 * `mso-list` paragraphs and Google Docs' `aria-level` items turned back into real lists, the typed
 * numbers dropped, folded to the depth a document allows; either's numbered headings made headings
 * again, without their number), bold, italic, underline, links and
 * tables stay; fonts, colours, sizes, classes, comments, tracked deletions, empty paragraphs and
 * empty list items go. Runs in the browser (DOMParser); imports nothing, so that its tests can run
 * it in Chromium as it is.
 */

const BLOCK_TAGS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'TD', 'TH', 'DIV']);
const LISTS = 'ol, ul';
/** Word's typed list marker ("1.", "a)", "·" and its spaces), written in a span it asks others to ignore. */
const WORD_MARKER = '[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]';

/**
 * An element's inline style as its declarations, by property name. Whole names only: Word's
 * `mso-bidi-font-weight:normal` (the weight of Arabic or Hebrew text) says nothing of `font-weight`.
 */
function declarations(element: Element): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (element.getAttribute('style') ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) found.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim().toLowerCase());
  }
  return found;
}

/** A span's inline style as the marks it stands for (Google Docs and LibreOffice write bold as a style). */
function marksOfStyle(style: Map<string, string>): string[] {
  const marks: string[] = [];
  if (/^(bold|bolder|[6-9]00)$/.test(style.get('font-weight') ?? '')) marks.push('strong');
  if (style.get('font-style') === 'italic') marks.push('em');
  const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
  if (decoration.includes('underline')) marks.push('u');
  if (decoration.includes('line-through')) marks.push('s');
  if (style.get('vertical-align') === 'super') marks.push('sup');
  if (style.get('vertical-align') === 'sub') marks.push('sub');
  return marks;
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

function renamed(element: Element, tag: string): void {
  const next = element.ownerDocument.createElement(tag);
  next.append(...Array.from(element.childNodes));
  element.replaceWith(next);
}

const hasWords = (node: Node) => Boolean(node.textContent?.replace(/[\s\u00a0]/g, ''));

/** One item of a list as Word or Google Docs numbers it: its level (1 = the outermost), its kind, its contents. */
interface FlatItem {
  level: number;
  ordered: boolean;
  content: Node[];
  /** The number its marker shows, when known: a list pasted from its third item on starts at 3. */
  number?: number;
}

/**
 * Flat items as nested lists, their levels kept relative to the shallowest: a run starting on a
 * sub-item keeps it below the items after it (under an item without words, as the editor shows it).
 * A bullet among numbers (or the reverse) on the outermost level starts a list of its own; deeper,
 * it joins the list it is in, since an item holds one list.
 */
function buildLists(document: Document, items: FlatItem[]): Element[] {
  const roots: Element[] = [];
  const base = Math.min(...items.map((item) => item.level));
  let stack: Array<{ list: Element; depth: number }> = [];
  const counted = new Set<Element>();
  for (const item of items) {
    const depth = item.level - base + 1;
    const tag = item.ordered ? 'OL' : 'UL';
    while (stack.length && stack.at(-1)!.depth > depth) stack.pop();
    if (depth === 1 && stack.length === 1 && stack[0].list.tagName !== tag) stack = [];
    while (!stack.length || stack.at(-1)!.depth < depth) {
      if (!stack.length) {
        const list = document.createElement(tag);
        roots.push(list);
        stack.push({ list, depth: 1 });
        continue;
      }
      const outer = stack.at(-1)!;
      // An item with an empty paragraph holds sub-items whose own item was not selected (the editor's list item starts with a paragraph).
      const parent = outer.list.lastElementChild ?? outer.list.appendChild(document.createElement('li')).appendChild(document.createElement('p')).parentElement!;
      const existing = parent.lastElementChild;
      const list = existing && existing.matches(LISTS) ? existing : parent.appendChild(document.createElement(tag));
      stack.push({ list, depth: outer.depth + 1 });
    }
    const entry = document.createElement('li');
    const blocks = item.content.some((node) => node instanceof Element && BLOCK_TAGS.has(node.tagName));
    if (blocks) entry.append(...item.content);
    else {
      const paragraph = document.createElement('p');
      paragraph.append(...item.content);
      entry.appendChild(paragraph);
    }
    const list = stack.at(-1)!.list;
    // The number of the first item on the outermost level says where the list starts.
    if (depth === 1 && !counted.has(list)) {
      counted.add(list);
      const start = item.ordered && item.number !== undefined ? item.number - list.children.length : 1;
      if (start > 1) list.setAttribute('start', String(start));
    }
    list.appendChild(entry);
  }
  return roots;
}

/** Word's list paragraphs: their level, and whether their marker is a number or letter. */
function wordListItem(paragraph: Element): FlatItem | undefined {
  const match = /^(l\d+)\s+level(\d+)/i.exec(declarations(paragraph).get('mso-list') ?? '');
  const isListClass = /MsoListParagraph/i.test(paragraph.getAttribute('class') ?? '');
  if (!match && !isListClass) return undefined;
  const marker = paragraph.querySelector(WORD_MARKER)?.textContent?.replace(/[\s\u00a0]+/g, ' ').trim() ?? '';
  const number = /^(\d+)[.)]/.exec(marker);
  return { level: match ? Number(match[2]) : 1, ordered: /^[(\[]?[0-9a-zA-Zа-яА-ЯёЁ]{1,4}[.)\]]/.test(marker), content: [], ...(number ? { number: Number(number[1]) } : {}) };
}

/** Consecutive Word list paragraphs become nested <ol>/<ul>; one with no words (a selection's edge) is no item. */
function rebuildWordLists(body: HTMLElement): void {
  let run: Array<{ element: Element; item: FlatItem }> = [];
  const flush = () => {
    if (!run.length) return;
    const items = run
      .map(({ element, item }) => {
        // The typed marker ("1.", "a)", "·") is not text: the list numbers itself.
        element.querySelectorAll(WORD_MARKER).forEach((marker) => marker.remove());
        return { ...item, content: Array.from(element.childNodes) };
      })
      .filter((item) => item.content.some(hasWords));
    const lists = items.length ? buildLists(body.ownerDocument, items) : [];
    run[0].element.replaceWith(...lists);
    for (const { element } of run.slice(1)) element.remove();
    run = [];
  };
  for (const paragraph of Array.from(body.querySelectorAll('p'))) {
    const item = wordListItem(paragraph);
    const previous = run.at(-1)?.element;
    const adjacent = previous && previous.nextElementSibling === paragraph;
    if (!item || (run.length && !adjacent)) flush();
    if (item) run.push({ element: paragraph, item });
  }
  flush();
}

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * Google Docs writes every list flat, each item with its `aria-level`, a sub-list beside its item
 * (or as a list of its own when its kind differs): adjacent lists are read as one run of items. A
 * numbered heading is an item holding the heading: it is the heading (the list numbered it), and
 * the lists around it are lists of their own.
 */
function rebuildDocsLists(body: HTMLElement): void {
  const outermost = Array.from(body.querySelectorAll(LISTS)).filter((list) => !list.parentElement?.closest(LISTS) && list.querySelector('li[aria-level]'));
  const runs: Element[][] = [];
  for (const list of outermost) {
    const last = runs.at(-1);
    if (last && last.at(-1)!.nextElementSibling === list) last.push(list);
    else runs.push([list]);
  }
  for (const run of runs) {
    const made: Node[] = [];
    let items: FlatItem[] = [];
    const flush = () => {
      if (items.length) made.push(...buildLists(body.ownerDocument, items));
      items = [];
    };
    for (const list of run) {
      for (const entry of Array.from(list.querySelectorAll('li'))) {
        const content = Array.from(entry.childNodes).filter((node) => !(node instanceof Element && node.matches(LISTS)));
        const worded = content.filter(hasWords);
        if (!worded.length) continue;
        if (worded.every((node) => node instanceof Element && HEADING_TAGS.has(node.tagName))) {
          flush();
          made.push(...worded);
          continue;
        }
        const parentList = entry.parentElement!;
        const number = parentList.firstElementChild === entry ? Number(parentList.getAttribute('start') ?? 1) : undefined;
        items.push({ level: Number(entry.getAttribute('aria-level')) || 1, ordered: parentList.tagName === 'OL', content, ...(number ? { number } : {}) });
      }
    }
    flush();
    run[0].replaceWith(...made);
    for (const list of run.slice(1)) list.remove();
  }
}

/** A list deeper than a document allows gives its items to the list around it, after their item (as Word's levels 4 and 5 are shown). */
function foldDeepLists(body: HTMLElement, listDepth: number): void {
  const depthOf = (list: Element) => {
    let depth = 0;
    for (let at: Element | null = list; at; at = at.parentElement?.closest(LISTS) ?? null) depth += 1;
    return depth;
  };
  for (let deep = Array.from(body.querySelectorAll(LISTS)).find((list) => depthOf(list) > listDepth); deep; deep = Array.from(body.querySelectorAll(LISTS)).find((list) => depthOf(list) > listDepth)) {
    const item = deep.parentElement?.closest('li');
    if (item) item.after(...Array.from(deep.children));
    else deep.after(...Array.from(deep.children));
    deep.remove();
  }
}

/**
 * Clipboard HTML as the editor should read it; `listDepth`: how deep a document's lists may be
 * nested (document.ts).
 */
export function cleanPastedHtml(html: string, listDepth: number): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const body = parsed.body;
  // Comments (Word's conditional ones too), styles, scripts, Office's own tags, tracked deletions, comments' anchors.
  const walker = parsed.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  body.querySelectorAll('style, script, meta, link, title, xml, del, [style*="mso-element:comment" i], .msocomtxt, .MsoCommentReference, [class*="CommentReference" i], sup:has(a[href^="#_msocom"])').forEach((element) => element.remove());
  body.querySelectorAll('a[href^="#_msocom"], a[name^="_msocom"]').forEach((element) => element.remove());
  // Google Docs wraps everything in a <b style="font-weight:normal">: not bold. Word's
  // <b style="mso-bidi-font-weight:normal"> is bold (only its Arabic text would not be).
  body.querySelectorAll('b, strong').forEach((element) => {
    if (element.id.startsWith('docs-internal-guid') || /^(normal|lighter|[1-4]00)$/.test(declarations(element).get('font-weight') ?? '')) unwrap(element);
  });
  body.querySelectorAll('i, em').forEach((element) => {
    if (declarations(element).get('font-style') === 'normal') unwrap(element);
  });
  rebuildWordLists(body);
  rebuildDocsLists(body);
  // A heading Word numbers keeps its marker in the same span as a list's: a heading has no number.
  body.querySelectorAll(WORD_MARKER).forEach((marker) => marker.remove());
  // Another editor's nested list stands beside its item, not in it: it belongs to the item before.
  body.querySelectorAll(':is(ol, ul) > :is(ol, ul)').forEach((nested) => {
    const item = nested.previousElementSibling;
    if (item?.tagName === 'LI') item.appendChild(nested);
  });
  foldDeepLists(body, listDepth);
  // A line break between paragraphs (Google Docs' spacing) is no text.
  body.querySelectorAll(':scope > br, :scope > b > br').forEach((lineBreak) => lineBreak.remove());
  // Styles that mean a mark become that mark; every other style, class and font goes.
  body.querySelectorAll('span, font').forEach((element) => {
    const marks = marksOfStyle(declarations(element));
    let inner: Node[] = Array.from(element.childNodes);
    for (const mark of marks.reverse()) {
      const wrapper = parsed.createElement(mark);
      wrapper.append(...inner);
      inner = [wrapper];
    }
    element.replaceWith(...inner);
  });
  body.querySelectorAll('ins').forEach(unwrap);
  // Office's own elements (o:p, w:sdt, st1:…) hold text at most.
  for (const element of Array.from(body.querySelectorAll('*'))) if (element.tagName.includes(':')) unwrap(element);
  for (const element of Array.from(body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const keep = (element.tagName === 'A' && attribute.name === 'href') || (element.tagName === 'OL' && attribute.name === 'start') || (element.tagName === 'IMG' && ['src', 'alt'].includes(attribute.name));
      if (!keep) element.removeAttribute(attribute.name);
    }
  }
  // Headings as documents have them: the page title is the only level 1, so a text whose sections
  // are Heading 1 moves every heading one level down (Heading 2 stays below Heading 1).
  const shift = body.querySelector('h1') ? 1 : 0;
  body.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach((heading) => {
    const level = Math.min(Number(heading.tagName[1]) + shift, 4);
    if (`H${level}` !== heading.tagName) renamed(heading, `h${level}`);
  });
  // What is left of a marker before a heading's words (its spaces) goes too.
  body.querySelectorAll('h2, h3, h4').forEach((heading) => {
    const first = parsed.createTreeWalker(heading, NodeFilter.SHOW_TEXT).nextNode();
    if (first?.nodeValue) first.nodeValue = first.nodeValue.replace(/^[\s\u00a0]+/, '');
  });
  // Pasted pictures come from elsewhere: pictures are chosen from the media library.
  body.querySelectorAll('img').forEach((image) => image.remove());
  // Empty paragraphs (Word's &nbsp; lines, Google Docs' spacing) go.
  body.querySelectorAll('p, div, h2, h3, h4').forEach((element) => {
    const holder = element.matches('li > p:first-child') && element.nextElementSibling?.matches(LISTS);
    if (!hasWords(element) && !holder && !element.querySelector('br + *, img, table')) element.remove();
  });
  // So do list items without words (the edge of a selection), and the lists they leave empty.
  Array.from(body.querySelectorAll('li')).reverse().forEach((item) => {
    if (!hasWords(item)) item.remove();
  });
  Array.from(body.querySelectorAll(LISTS)).reverse().forEach((list) => {
    if (!list.querySelector('li')) list.remove();
  });
  // A <div> of Word Online or LibreOffice is a paragraph when it holds only text.
  body.querySelectorAll('div').forEach((element) => {
    if (!Array.from(element.children).some((child) => BLOCK_TAGS.has(child.tagName) || child.tagName === 'TABLE' || child.tagName === 'UL' || child.tagName === 'OL')) {
      const paragraph = parsed.createElement('p');
      paragraph.append(...Array.from(element.childNodes));
      element.replaceWith(paragraph);
    } else unwrap(element);
  });
  return body.innerHTML;
}
