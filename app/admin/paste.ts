/*
 * What the clipboard brings from Word (desktop and web), Google Docs and LibreOffice, made into
 * plain semantic HTML before the editor reads it by its schema: headings, nested lists (Word's
 * `mso-list` paragraphs turned back into real lists, the typed numbers dropped), bold, italic,
 * underline, links and tables stay; fonts, colours, sizes, classes, comments, tracked deletions and
 * empty paragraphs go. Runs in the browser (DOMParser).
 */

const BLOCK_TAGS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'TD', 'TH', 'DIV']);

/** A span's inline style as the marks it stands for (Google Docs and LibreOffice write bold as a style). */
function marksOfStyle(style: string): string[] {
  const marks: string[] = [];
  if (/font-weight\s*:\s*(bold|[6-9]00)/i.test(style)) marks.push('strong');
  if (/font-style\s*:\s*italic/i.test(style)) marks.push('em');
  if (/text-decoration[^;]*underline/i.test(style)) marks.push('u');
  if (/text-decoration[^;]*line-through/i.test(style)) marks.push('s');
  if (/vertical-align\s*:\s*super/i.test(style)) marks.push('sup');
  if (/vertical-align\s*:\s*sub/i.test(style)) marks.push('sub');
  return marks;
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Word's list paragraphs: their level, and whether their marker is a number or letter. */
function wordListItem(paragraph: Element): { level: number; ordered: boolean; list: string } | undefined {
  const style = paragraph.getAttribute('style') ?? '';
  const match = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(style);
  const isListClass = /MsoListParagraph/i.test(paragraph.getAttribute('class') ?? '');
  if (!match && !isListClass) return undefined;
  const marker = paragraph.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]')?.textContent?.trim() ?? '';
  return { level: match ? Number(match[2]) : 1, ordered: /^[(\[]?[0-9a-zA-Z]{1,4}[.)\]]/.test(marker), list: match?.[1] ?? 'l0' };
}

/** Consecutive Word list paragraphs become nested <ol>/<ul> (at most three levels, as documents allow). */
function rebuildWordLists(body: HTMLElement): void {
  const paragraphs = Array.from(body.querySelectorAll('p'));
  let run: Array<{ element: Element; level: number; ordered: boolean }> = [];
  const flush = () => {
    if (!run.length) return;
    const document = body.ownerDocument;
    const root = document.createElement(run[0].ordered ? 'ol' : 'ul');
    const stack: Array<{ list: Element; level: number }> = [{ list: root, level: run[0].level }];
    for (const { element, level, ordered } of run) {
      const depth = Math.min(level, 3);
      while (stack.length > 1 && depth < stack.at(-1)!.level) stack.pop();
      if (depth > stack.at(-1)!.level) {
        const parentItem = stack.at(-1)!.list.lastElementChild ?? stack.at(-1)!.list.appendChild(document.createElement('li'));
        const nested = document.createElement(ordered ? 'ol' : 'ul');
        parentItem.appendChild(nested);
        stack.push({ list: nested, level: depth });
      }
      // The typed marker ("1.", "a)", "·") is not text: the list numbers itself.
      element.querySelectorAll('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]').forEach((marker) => marker.remove());
      const item = document.createElement('li');
      const paragraph = document.createElement('p');
      paragraph.append(...Array.from(element.childNodes));
      item.appendChild(paragraph);
      stack.at(-1)!.list.appendChild(item);
    }
    run[0].element.replaceWith(root);
    for (const { element } of run.slice(1)) element.remove();
    run = [];
  };
  for (const paragraph of paragraphs) {
    const item = wordListItem(paragraph);
    const previous = run.at(-1)?.element;
    const adjacent = previous && previous.nextElementSibling === paragraph;
    if (!item || (run.length && !adjacent)) flush();
    if (item) run.push({ element: paragraph, level: item.level, ordered: item.ordered });
  }
  flush();
}

export function cleanPastedHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const body = parsed.body;
  // Comments (Word's conditional ones too), styles, scripts, Office's own tags, tracked deletions, comments' anchors.
  const walker = parsed.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  body.querySelectorAll('style, script, meta, link, title, xml, del, [style*="mso-element:comment" i], .msocomtxt, .MsoCommentReference, [class*="CommentReference" i], sup:has(a[href^="#_msocom"])').forEach((element) => element.remove());
  body.querySelectorAll('a[href^="#_msocom"], a[name^="_msocom"]').forEach((element) => element.remove());
  // Google Docs wraps everything in a <b style="font-weight:normal">: not bold.
  body.querySelectorAll('b[id^="docs-internal-guid"], b[style*="font-weight:normal" i], b[style*="font-weight: normal" i]').forEach(unwrap);
  rebuildWordLists(body);
  // Google Docs puts a nested list beside its item, not in it: it belongs to the item before.
  body.querySelectorAll(':is(ol, ul) > :is(ol, ul)').forEach((nested) => {
    const item = nested.previousElementSibling;
    if (item?.tagName === 'LI') item.appendChild(nested);
  });
  // A line break between paragraphs (Google Docs' spacing) is no text.
  body.querySelectorAll(':scope > br, :scope > b > br').forEach((lineBreak) => lineBreak.remove());
  // Styles that mean a mark become that mark; every other style, class and font goes.
  body.querySelectorAll('span, font').forEach((element) => {
    const marks = marksOfStyle(element.getAttribute('style') ?? '');
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
  // Headings as documents have them: the page title is the only level 1.
  body.querySelectorAll('h1').forEach((heading) => {
    const h2 = parsed.createElement('h2');
    h2.append(...Array.from(heading.childNodes));
    heading.replaceWith(h2);
  });
  body.querySelectorAll('h5, h6').forEach((heading) => {
    const h4 = parsed.createElement('h4');
    h4.append(...Array.from(heading.childNodes));
    heading.replaceWith(h4);
  });
  // Pasted pictures come from elsewhere: pictures are chosen from the media library.
  body.querySelectorAll('img').forEach((image) => image.remove());
  // Empty paragraphs (Word's &nbsp; lines, Google Docs' spacing) go.
  body.querySelectorAll('p, div, h2, h3, h4').forEach((element) => {
    if (!element.textContent?.replace(/[\s\u00a0]/g, '') && !element.querySelector('br + *, img, table')) element.remove();
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
