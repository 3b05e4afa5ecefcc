/* Documents (API-3.md): the closed schema with JSON paths and codes, plain text in and out, the HTML renderer, text-only transforms. */
import { describe, expect, it } from 'vitest';
import { documentImages, documentProblem, documentReferences, documentToText, hasText, mapDocumentText, textToDocument, type Doc, type DocNode } from '../domain/documents/document.ts';
import { headingId, renderDocument } from '../domain/documents/render-html.ts';
import { uzbekToCyrillic } from '../domain/languages/uzbek-script.ts';

const RULES = { referenceTypes: ['news', 'services', 'team'] };
const ID = '64b7f0c2a1b2c3d4e5f60718';
const text = (value: string, marks?: DocNode['marks']): DocNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const doc = (...content: DocNode[]): Doc => ({ type: 'doc', content });
const item = (...content: DocNode[]): DocNode => ({ type: 'listItem', content });
const WORDS = { contents: 'Mundarija', notes: 'Izohlar', backToText: 'Matnga qaytish', table: 'Jadval' };

/** An alert with every node and mark. */
const EVERY_ELEMENT: Doc = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Kim roʻyxatdan oʻtishi kerak')] },
  paragraph(
    text('Soliq kodeksiga '),
    text('koʻra', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/4674902' } }]),
    text(', '),
    text('soliq xizmatimiz', [{ type: 'link', attrs: { ref: { type: 'services', id: ID } } }]),
    text(' '),
    text('qalin', [{ type: 'bold' }]),
    text(' '),
    text('qiya', [{ type: 'italic' }]),
    text(' '),
    text('tagi chizilgan', [{ type: 'underline' }]),
    text(' '),
    text('oʻchirilgan', [{ type: 'strike' }]),
    text(' m'),
    text('2', [{ type: 'superscript' }]),
    text(' H'),
    text('2', [{ type: 'subscript' }]),
    text('O'),
    { type: 'hardBreak' },
    text('yangi qator'),
    { type: 'footnote', content: [text('2026-yil 1-yanvardagi tahrirda.')] },
  ),
  { type: 'heading', attrs: { level: 3 }, content: [text('Talablar')] },
  { type: 'orderedList', attrs: { start: 1 }, content: [item(paragraph(text('Ariza', [{ type: 'bold' }])), { type: 'bulletList', content: [item(paragraph(text('Pasport')), { type: 'orderedList', content: [item(paragraph(text('Nusxa')))] })] }), item(paragraph(text('Toʻlov')))] },
  { type: 'blockquote', content: [paragraph(text('Qonun hamma uchun bir.'))] },
  { type: 'heading', attrs: { level: 4 }, content: [text('Stavkalar')] },
  {
    type: 'table',
    content: [
      { type: 'tableRow', content: [{ type: 'tableHeader', content: [paragraph(text('Daromad'))] }, { type: 'tableHeader', content: [paragraph(text('Stavka'))] }] },
      { type: 'tableRow', content: [{ type: 'tableCell', content: [paragraph(text('100 mln gacha'))] }, { type: 'tableCell', content: [paragraph(text('4 %'))] }] },
    ],
  },
  { type: 'image', attrs: { src: '/uploads/2026/11/office-3f9a1c2b-large.webp', alt: 'Idora', caption: 'Toshkentdagi idora' } },
  { type: 'horizontalRule' },
);

describe('documents', () => {
  it('accepts a document with every node and mark', () => {
    expect(documentProblem(EVERY_ELEMENT, RULES)).toBeUndefined();
  });

  it.each([
    [doc({ type: 'script' as never, content: [] }), 'content.0.type', 'unknown_node'],
    [doc(paragraph(text('x', [{ type: 'color' as never }]))), 'content.0.content.0.marks.0.type', 'unknown_mark'],
    [doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))), 'content.0.content.0.marks.0.attrs.href', 'unsafe_link'],
    [doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>' } }]))), 'content.0.content.0.marks.0.attrs.href', 'unsafe_link'],
    [doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }), 'content.0.attrs.level', 'invalid'],
    [doc({ type: 'image', attrs: { src: '/uploads/2026/11/a-1-large.webp', alt: '' } }), 'content.0.attrs.alt', 'missing_alt'],
    [doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }), 'content.0.attrs.src', 'invalid'],
    [doc(paragraph(text('x', [{ type: 'link', attrs: { ref: { type: 'nothing', id: ID } } }]))), 'content.0.content.0.marks.0.attrs.ref.type', 'bad_reference'],
    [doc({ type: 'bulletList', content: [item(paragraph(text('1')), { type: 'bulletList', content: [item(paragraph(text('2')), { type: 'bulletList', content: [item(paragraph(text('3')), { type: 'bulletList', content: [item(paragraph(text('4')))] })] })] })] }), 'content.0.content.0.content.1.content.0.content.1.content.0.content.1', 'too_deep'],
    [doc(paragraph({ type: 'text', text: 'x', style: 'color:red' } as never)), 'content.0.content.0.style', 'invalid'],
    [doc({ type: 'tableCell' as never, content: [] }), 'content.0.type', 'unknown_node'],
    [{ type: 'doc', content: [{ type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [paragraph(text('x'))] }] }] }] }, 'content.0.content.0.content.0.attrs.colspan', 'invalid'],
  ])('refuses %# with the JSON path and a code', (value, path, code) => {
    expect(documentProblem(value, RULES)).toMatchObject({ path, code });
  });

  it('refuses a document over its limits, and checks one at its limits in linear time', () => {
    const many = doc(...Array.from({ length: 5001 }, () => paragraph()));
    expect(documentProblem(many, RULES)).toMatchObject({ code: 'too_large' });
    const long = doc(paragraph(text('a'.repeat(200_001))));
    expect(documentProblem(long, RULES)).toMatchObject({ code: 'too_large', path: 'content.0.content.0.text' });
    const atLimit = doc(...Array.from({ length: 2400 }, () => paragraph(text('soʻz '.repeat(16)))));
    const started = performance.now();
    expect(documentProblem(atLimit, RULES)).toBeUndefined();
    const rendered = renderDocument(atLimit, { resolve: () => undefined, words: WORDS });
    expect(documentToText(atLimit).length).toBeGreaterThan(150_000);
    expect(rendered.html.length).toBeGreaterThan(150_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('turns a plain text into paragraphs (blank lines) and line breaks, and back', () => {
    const converted = textToDocument('Birinchi qator\nikkinchi qator\n\n\nIkkinchi xatboshi\r\n');
    expect(converted).toEqual(doc(paragraph(text('Birinchi qator'), { type: 'hardBreak' }, text('ikkinchi qator')), paragraph(text('Ikkinchi xatboshi'))));
    expect(documentToText(converted)).toBe('Birinchi qator\nikkinchi qator\n\nIkkinchi xatboshi');
    expect(textToDocument('   \n\n ')).toEqual(doc());
    expect(hasText(textToDocument(' \n '))).toBe(false);
    expect(hasText(doc(paragraph(text('—'))))).toBe(false);
    expect(hasText(doc(paragraph(text('a'))))).toBe(true);
  });

  it('reads the words of lists, tables and footnotes as text', () => {
    const plain = documentToText(EVERY_ELEMENT);
    for (const word of ['Pasport', 'Nusxa', '100 mln gacha', '4 %', 'Toshkentdagi idora', '2026-yil 1-yanvardagi tahrirda.', 'Qonun hamma uchun bir.']) expect(plain).toContain(word);
    expect(plain).toContain('[1]');
  });

  it('renders every node and mark as semantic, escaped HTML with a contents list, footnotes and a scrolling table', () => {
    const { html, headings } = renderDocument(EVERY_ELEMENT, { resolve: (ref) => (ref.id === ID ? '/ru/services/tax' : undefined), words: WORDS });
    expect(headings.map((heading) => heading.id)).toEqual(['kim-roʻyxatdan-oʻtishi-kerak'.replace(/ʻ/g, ''), 'talablar', 'stavkalar']);
    expect(html).toContain('<nav class="doc-toc" aria-label="Mundarija">');
    expect(html).toContain('<h2 id="kim-royxatdan-otishi-kerak">Kim roʻyxatdan oʻtishi kerak</h2>');
    expect(html).toContain('<a href="https://lex.uz/docs/4674902" rel="noopener">koʻra</a>');
    expect(html).toContain('<a href="/ru/services/tax">soliq xizmatimiz</a>');
    for (const tag of ['<strong>qalin</strong>', '<em>qiya</em>', '<u>tagi chizilgan</u>', '<s>oʻchirilgan</s>', '<sup>2</sup>', '<sub>2</sub>', '<br>', '<blockquote><p>Qonun hamma uchun bir.</p></blockquote>', '<hr>']) expect(html).toContain(tag);
    expect(html).toContain('<ol><li><strong>Ariza</strong><ul><li>Pasport<ol><li>Nusxa</li></ol></li></ul></li><li>Toʻlov</li></ol>');
    expect(html).toContain('<div class="doc-table" role="region" tabindex="0" aria-label="Jadval"><table><thead><tr><th scope="col">Daromad</th><th scope="col">Stavka</th></tr></thead><tbody><tr><td>100 mln gacha</td><td>4 %</td></tr></tbody></table></div>');
    expect(html).toContain('<figure><img src="/uploads/2026/11/office-3f9a1c2b-large.webp" alt="Idora" loading="lazy" decoding="async"><figcaption>Toshkentdagi idora</figcaption></figure>');
    expect(html).toContain('<sup class="doc-note-ref" id="note-ref-1"><a href="#note-1"');
    expect(html).toContain('<li id="note-1">2026-yil 1-yanvardagi tahrirda. <a href="#note-ref-1" class="doc-note-back" aria-label="Matnga qaytish">↩</a></li>');
    // A link to a record that is not public keeps its words and loses its link.
    const unpublished = renderDocument(EVERY_ELEMENT, { resolve: () => undefined, words: WORDS }).html;
    expect(unpublished).toContain('soliq xizmatimiz');
    expect(unpublished).not.toContain('/services/tax');
    // Nothing a user wrote becomes markup.
    const hostile = renderDocument(doc(paragraph(text('<script>alert("x")</script> & \'q\''))), { resolve: () => undefined, words: WORDS }).html;
    expect(hostile).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>');
    expect(headingId('Oʻzbekiston: 2026-yil!')).toBe('ozbekiston-2026-yil');
  });

  it('publishes no list item without words (a pasted selection’s edge), keeps an item holding only a sub-list, and no list left empty', () => {
    const list = doc(
      { type: 'orderedList', content: [item(paragraph(), { type: 'orderedList', content: [item(paragraph(text('Ichki band')))] }), item(paragraph(text('Ikki'))), item(paragraph()), item(paragraph(text(' \u00a0')))] },
      { type: 'bulletList', content: [item(paragraph())] },
    );
    expect(documentProblem(list, RULES)).toBeUndefined();
    expect(renderDocument(list, { resolve: () => undefined, words: WORDS }).html).toBe('<ol><li><ol><li>Ichki band</li></ol></li><li>Ikki</li></ol>');
    expect(documentToText(list)).toBe('Ichki band\nIkki');
  });

  it('gives two headings of the same words two ids, and no contents list below three headings', () => {
    const twice = doc({ type: 'heading', attrs: { level: 2 }, content: [text('Muddat')] }, { type: 'heading', attrs: { level: 2 }, content: [text('Muddat')] });
    const { html, headings } = renderDocument(twice, { resolve: () => undefined, words: WORDS });
    expect(headings.map((heading) => heading.id)).toEqual(['muddat', 'muddat-2']);
    expect(html).not.toContain('doc-toc');
  });

  it('transliterates text only: links, references, image paths and e-mail addresses never change', () => {
    const source = doc(
      paragraph(text('Shartnoma '), text('bu yerda', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/shartnoma' } }]), text(' yozing: info@adliya.uz yoki https://adliya.uz/shartnoma')),
      { type: 'image', attrs: { src: '/uploads/2026/11/shartnoma-3f9a1c2b-large.webp', alt: 'Shartnoma', caption: 'Imzo' } },
    );
    const converted = mapDocumentText(source, uzbekToCyrillic);
    expect(documentToText(converted)).toBe('Шартнома бу ерда ёзинг: info@adliya.uz ёки https://adliya.uz/shartnoma\n\nИмзо');
    expect(JSON.stringify(converted)).toContain('https://lex.uz/docs/shartnoma');
    expect(JSON.stringify(converted)).toContain('/uploads/2026/11/shartnoma-3f9a1c2b-large.webp');
    expect((converted.content[1].attrs as { alt: string }).alt).toBe('Шартнома');
    expect(documentImages(EVERY_ELEMENT)).toEqual(['/uploads/2026/11/office-3f9a1c2b-large.webp']);
    expect(documentReferences(EVERY_ELEMENT)).toEqual([{ type: 'services', id: ID }]);
  });
});
