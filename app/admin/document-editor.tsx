/*
 * The rich-text editor of a document field (loaded only when a form with one opens: see
 * DocumentWidget in fields/document.tsx). Tiptap on the schema of document-schema.ts: a toolbar whose
 * every button has a name in the admin's language (one Tab stop, arrows inside: the WAI-ARIA
 * toolbar), the usual keyboard (Ctrl+B/I/U, Ctrl+K for a link, "## " for a heading, "- " and "1. "
 * for lists, Ctrl+Z), links to an address or to a page of the site found by its title, pictures
 * from the media library with their alt text, tables and footnotes. A check's "Fix" selects what
 * it is about (`pointAt`).
 */
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { Check } from '../../domain/checks/document-checks.ts';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Heading4, ImageIcon, Italic, Link2, List, ListOrdered, Minus, Pilcrow, Quote, Redo2, Strikethrough, Subscript, Superscript, Table2, Underline, Undo2, Unlink, MessageSquarePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { isDocument, LINKABLE_TYPES, LIST_DEPTH, SAFE_LINK, textToDocument, type Doc } from '../../domain/documents/document.ts';
import { recordTypeNamed } from '../../domain/registry.ts';
import { isPlainObject, pickText } from '../../domain/shared/localized.ts';
import { searchForm, searchText } from '../../domain/shared/search.ts';
import { useAdmin } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { api } from './api.ts';
import { editorExtensions, footnoteContent, fromEditor, refHref, toEditor } from './document-schema.ts';
import { cleanPastedHtml } from './paste.ts';
import { buttonClass, inputClass } from './ui.tsx';

interface Props {
  id: string;
  value: unknown;
  lang: string;
  onChange: (doc: Doc) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Told which block of the document the cursor is in (0 = the first): side-by-side translation shows the source's block beside it. */
  onBlock?: (index: number) => void;
  /** A check to show the words of: its link or heading selected and scrolled to (a new object each time "Fix" is pressed). */
  pointAt?: Pick<Check, 'code' | 'params'>;
}

/** Where in the editor's document what a check is about stands: the first such link, heading or picture. */
function rangeOf(editor: Editor, check: Pick<Check, 'code' | 'params'>): { from: number; to: number; node?: boolean } | undefined {
  const params = check.params ?? {};
  const href = typeof params.href === 'string' ? params.href : params.type && params.id ? refHref(String(params.type), String(params.id)) : undefined;
  let found: { from: number; to: number; node?: boolean } | undefined;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (check.code === 'heading_order' && node.type.name === 'heading' && node.attrs.level === Number(params.level) && (params.text === undefined || node.textContent === params.text)) {
      found = { from: pos + 1, to: pos + node.nodeSize - 1 };
    } else if (check.code === 'image_without_alt' && node.type.name === 'image' && !String(node.attrs.alt ?? '').trim()) {
      found = { from: pos, to: pos + node.nodeSize, node: true };
    } else if (node.isTextblock || node.type.name === 'footnote') {
      // The whole run of text carrying the link (or with the words a check names).
      node.forEach((child, offset) => {
        if (found || !child.isText) return;
        const link = child.marks.find((mark) => mark.type.name === 'link');
        const matches = link && (href ? link.attrs.href === href : check.code === 'generic_link_text' && child.text?.trim() === String(params.text ?? '').trim());
        if (!matches) return;
        let end = pos + 1 + offset + child.nodeSize;
        node.forEach((next, nextOffset) => {
          if (nextOffset >= offset + child.nodeSize && pos + 1 + nextOffset === end && next.marks.some((mark) => mark.eq(link))) end += next.nodeSize;
        });
        found = { from: pos + 1 + offset, to: end };
      });
    }
    return !found;
  });
  return found;
}

type Dialog = null | 'link' | 'image' | 'footnote';

const asDocument = (value: unknown): Doc => (isDocument(value) ? value : textToDocument(typeof value === 'string' ? value : ''));

export default function DocumentEditor({ id, value, lang, onChange, describedBy, invalid, onBlock, pointAt }: Props) {
  const { t } = useAdmin();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The toolbar's one Tab stop: the button last moved to (WAI-ARIA toolbar, roving tabindex).
  const [stop, setStop] = useState<AdminTextKey>('editor.paragraph');
  const toolbar = useRef<HTMLDivElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const blockSeen = useRef(onBlock);
  blockSeen.current = onBlock;
  const editor = useEditor({
    extensions: editorExtensions(),
    content: toEditor(asDocument(value)),
    immediatelyRender: false,
    editorProps: {
      // Word, Google Docs and LibreOffice: their structure kept, their formatting dropped (paste.ts).
      transformPastedHTML: (html) => cleanPastedHtml(html, LIST_DEPTH),
      // Ctrl+K (Cmd+K on a Mac) opens the link panel, as in Word and Google Docs.
      handleKeyDown: (view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return false;
        // Words just selected with the keyboard (Shift+Home, then Ctrl+K at once) may not have reached
        // the editor yet — the browser tells it after the key — so the link takes the page's selection.
        const shown = view.dom.ownerDocument.getSelection();
        if (shown?.anchorNode && shown.focusNode && view.dom.contains(shown.anchorNode) && view.dom.contains(shown.focusNode)) {
          const anchor = view.posAtDOM(shown.anchorNode, shown.anchorOffset);
          const head = view.posAtDOM(shown.focusNode, shown.focusOffset);
          if (anchor !== view.state.selection.anchor || head !== view.state.selection.head) view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
        }
        setDialog('link');
        return true;
      },
      attributes: {
        id,
        lang,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        class: 'doc doc-editor min-h-48 rounded-b-md border border-t-0 border-slate-300 bg-white px-4 py-3 focus:outline-2 focus:outline-brand-600',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => latest.current(fromEditor(changed.getJSON())),
    onSelectionUpdate: ({ editor: moved }) => blockSeen.current?.(moved.state.selection.$from.index(0)),
    onFocus: ({ editor: focused }) => blockSeen.current?.(focused.state.selection.$from.index(0)),
  });
  // A value set from outside (copied or transliterated from another language, undone, a version
  // restored, the record reloaded) replaces what the editor shows; its own changes do not come back.
  useEffect(() => {
    if (!editor) return;
    const given = asDocument(value);
    if (JSON.stringify(fromEditor(editor.getJSON())) !== JSON.stringify(given)) editor.commands.setContent(toEditor(given), { emitUpdate: false });
  }, [editor, value]);
  // "Fix" in the checks: what the check is about, selected and in view.
  useEffect(() => {
    if (!editor || !pointAt) return;
    const range = rangeOf(editor, pointAt);
    if (!range) return;
    const { tr, doc } = editor.state;
    editor.view.dispatch(tr.setSelection(range.node ? NodeSelection.create(doc, range.from) : TextSelection.create(doc, range.from, range.to)));
    editor.view.focus();
    const at = editor.view.domAtPos(range.from);
    const element = at.node instanceof Element ? at.node : at.node.parentElement;
    element?.scrollIntoView({ block: 'center' });
  }, [editor, pointAt]);
  const toolbarState = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            underline: current.isActive('underline'),
            strike: current.isActive('strike'),
            superscript: current.isActive('superscript'),
            subscript: current.isActive('subscript'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            h4: current.isActive('heading', { level: 4 }),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            quote: current.isActive('blockquote'),
            link: current.isActive('link'),
            table: current.isActive('table'),
            footnote: current.state.selection instanceof NodeSelection && current.state.selection.node.type.name === 'footnote',
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : undefined,
  });
  if (!editor) return <p className="text-sm text-slate-600">{t('editor.loading')}</p>;
  // Until the editor's first change is seen, nothing is active and there is nothing to undo.
  const state = toolbarState ?? { bold: false, italic: false, underline: false, strike: false, superscript: false, subscript: false, h2: false, h3: false, h4: false, bulletList: false, orderedList: false, quote: false, link: false, table: false, footnote: false, canUndo: false, canRedo: false };

  const chain = () => editor.chain().focus();
  const closeDialog = () => {
    setDialog(null);
    // At once, not on the next frame as the focus command does: what is typed right after
    // "Apply" goes into the text, not to the page.
    editor.view.focus();
  };
  // The Tab stop stays on a button that is there and enabled.
  const shown = (label: AdminTextKey) => !(label === 'editor.undo' && !state.canUndo) && !(label === 'editor.redo' && !state.canRedo) && !(label === 'editor.unlink' && !state.link);
  const tabStop = shown(stop) ? stop : 'editor.paragraph';
  /** Arrows, Home and End move between the toolbar's buttons (Tab leaves it). */
  const moveInToolbar = (event: React.KeyboardEvent) => {
    const buttons = Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || !buttons.length) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  };
  const tableActions: Array<[AdminTextKey, () => void]> = [
    ['editor.addRow', () => chain().addRowAfter().run()],
    ['editor.removeRow', () => chain().deleteRow().run()],
    ['editor.addColumn', () => chain().addColumnAfter().run()],
    ['editor.removeColumn', () => chain().deleteColumn().run()],
    ['editor.removeTable', () => chain().deleteTable().run()],
  ];
  const button = (label: AdminTextKey, Icon: typeof Bold, action: () => void, active = false, disabled = false) => (
    <button
      key={label}
      type="button"
      title={t(label)}
      aria-label={t(label)}
      aria-pressed={active}
      disabled={disabled}
      tabIndex={label === tabStop ? 0 : -1}
      data-label={label}
      onFocus={() => setStop(label)}
      onMouseDown={(event) => event.preventDefault()}
      onClick={action}
      className={`inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-slate-800 hover:bg-slate-200 disabled:opacity-40 ${active ? 'bg-brand-100 text-brand-900' : ''}`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );

  return (
    <div className="mt-1">
      <div ref={toolbar} role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id} onKeyDown={moveInToolbar} className="flex flex-wrap gap-0.5 rounded-t-md border border-slate-300 bg-slate-50 p-1">
        {button('editor.paragraph', Pilcrow, () => chain().setParagraph().run())}
        {button('editor.heading2', Heading2, () => chain().toggleHeading({ level: 2 }).run(), state.h2)}
        {button('editor.heading3', Heading3, () => chain().toggleHeading({ level: 3 }).run(), state.h3)}
        {button('editor.heading4', Heading4, () => chain().toggleHeading({ level: 4 }).run(), state.h4)}
        <span className="mx-1 w-px bg-slate-300" aria-hidden="true" />
        {button('editor.bold', Bold, () => chain().toggleBold().run(), state.bold)}
        {button('editor.italic', Italic, () => chain().toggleItalic().run(), state.italic)}
        {button('editor.underline', Underline, () => chain().toggleUnderline().run(), state.underline)}
        {button('editor.strike', Strikethrough, () => chain().toggleStrike().run(), state.strike)}
        {button('editor.superscript', Superscript, () => chain().toggleMark('superscript').run(), state.superscript)}
        {button('editor.subscript', Subscript, () => chain().toggleMark('subscript').run(), state.subscript)}
        <span className="mx-1 w-px bg-slate-300" aria-hidden="true" />
        {button('editor.bulletList', List, () => chain().toggleBulletList().run(), state.bulletList)}
        {button('editor.orderedList', ListOrdered, () => chain().toggleOrderedList().run(), state.orderedList)}
        {button('editor.quote', Quote, () => chain().toggleBlockquote().run(), state.quote)}
        {button('editor.rule', Minus, () => chain().setHorizontalRule().run())}
        <span className="mx-1 w-px bg-slate-300" aria-hidden="true" />
        {button('editor.link', Link2, () => setDialog('link'), state.link)}
        {state.link && button('editor.unlink', Unlink, () => chain().extendMarkRange('link').unsetLink().run())}
        {button('editor.image', ImageIcon, () => setDialog('image'))}
        {button(state.footnote ? 'editor.editFootnote' : 'editor.footnote', MessageSquarePlus, () => setDialog('footnote'), state.footnote)}
        {button('editor.table', Table2, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), state.table)}
        <span className="mx-1 w-px bg-slate-300" aria-hidden="true" />
        {button('editor.undo', Undo2, () => chain().undo().run(), false, !state.canUndo)}
        {button('editor.redo', Redo2, () => chain().redo().run(), false, !state.canRedo)}
      </div>
      {state.table && (
        <div className="flex flex-wrap gap-2 border-x border-slate-300 bg-slate-50 px-2 py-1 text-sm">
          {tableActions.map(([label, action]) => (
            <button key={label} type="button" onMouseDown={(event) => event.preventDefault()} onClick={action} className="rounded px-2 py-1 text-slate-800 underline-offset-2 hover:bg-slate-200 hover:underline">
              {t(label)}
            </button>
          ))}
        </div>
      )}
      <EditorContent editor={editor} />
      {dialog === 'link' && <LinkDialog editor={editor} onClose={closeDialog} />}
      {dialog === 'image' && <ImageDialog editor={editor} onClose={closeDialog} />}
      {dialog === 'footnote' && <FootnoteDialog editor={editor} onClose={closeDialog} />}
    </div>
  );
}

/** Enter in a field of a panel does the panel's action, never submits the record's form around it. */
const enterTo = (action: () => void) => (event: React.KeyboardEvent) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
    event.preventDefault();
    action();
  }
};

/** A small form under the editor (not a modal: the text stays in view). Escape closes it. */
function Panel({ title, children, onClose }: { title: string; children: React.ReactNode; onClose: () => void }) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, []);
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="mt-2 rounded-md border border-brand-200 bg-brand-50 p-4"
    >
      <p id={headingId} className="font-semibold text-brand-900">
        {title}
      </p>
      {children}
    </div>
  );
}

interface Found {
  type: string;
  _id: string;
  title: string;
  /** The title in another language that the words were found in, shown under the admin's one. */
  matched?: { lang: string; title: string };
}

/** The record types a link may point at, with the field each is named by (a lawyer by name). */
const LINKABLE = LINKABLE_TYPES.map((type) => ({ type, titleField: recordTypeNamed(type)?.admin.titleField ?? 'title' }));

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t, lang, defaultLanguage, problem } = useAdmin();
  const current = String(editor.getAttributes('link').href ?? '');
  const [address, setAddress] = useState(current.startsWith('#ref:') ? '' : current);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState('');
  const addressId = useId();
  const queryId = useId();

  const apply = (href: string) => {
    // The link is made, and the cursor put after it: what is typed next is no longer linked text.
    // No focus command in the chain: it focuses a frame later and would pull the focus back from
    // where a quick Tab has moved it; closing the panel focuses the text at once.
    editor
      .chain()
      .extendMarkRange('link')
      .setLink({ href })
      .command(({ tr }) => {
        tr.setSelection(TextSelection.near(tr.doc.resolve(tr.selection.to)));
        return true;
      })
      .unsetMark('link')
      .scrollIntoView()
      .run();
    onClose();
  };
  const search = async () => {
    const words = query.trim();
    if (words.length < 2) return;
    try {
      // The server's search (every record, every language, both Uzbek scripts; an index at 10,000
      // articles) narrows each type; of what it finds, the pages whose title in any language, or
      // address, holds the words are offered — a Russian-speaking clerk finds a page by its Uzbek title.
      const wanted = searchForm(words);
      const lists = await Promise.all(
        LINKABLE.map(async ({ type, titleField }) => {
          const found = new URLSearchParams({ admin: 'true', search: words, fields: `${titleField},slug`, limit: '100' });
          const records = (await api<Array<Record<string, unknown> & { _id: string }>>(`/${type}?${found}`)).data;
          return records.flatMap((record) => {
            const titles = Object.entries(isPlainObject(record[titleField]) ? record[titleField] : {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
            const matched = titles.find(([code, words]) => searchText([{ [code]: words }]).includes(wanted));
            if (!matched && !searchForm(String(record.slug ?? '')).includes(wanted)) return [];
            const title = pickText(record[titleField], lang, defaultLanguage);
            return [{ type, _id: record._id, title, ...(matched && matched[1] !== title ? { matched: { lang: matched[0], title: matched[1] } } : {}) }];
          });
        }),
      );
      setFound(lists.flat().slice(0, 20));
    } catch (caught) {
      setError(problem(caught));
    }
  };

  const applyAddress = () => {
    const href = address.trim();
    if (!SAFE_LINK.test(href)) return setError(t('editor.linkBad'));
    apply(href);
  };
  return (
    <Panel title={t('editor.linkTitle')} onClose={onClose}>
      <div className="mt-2 flex flex-wrap items-end gap-2" onKeyDown={enterTo(applyAddress)}>
        <div className="min-w-64 flex-1">
          <label htmlFor={addressId} className="block text-sm font-medium text-slate-800">
            {t('editor.linkAddress')}
          </label>
          <input id={addressId} value={address} onChange={(event) => setAddress(event.target.value)} className={inputClass} inputMode="url" aria-describedby={error ? `${addressId}-error` : undefined} />
        </div>
        <button type="button" className={buttonClass.primary} onClick={applyAddress}>
          {t('editor.apply')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t('editor.cancel')}
        </button>
        {error && (
          <p id={`${addressId}-error`} role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-2" onKeyDown={enterTo(() => void search())}>
        <div className="min-w-64 flex-1">
          <label htmlFor={queryId} className="block text-sm font-medium text-slate-800">
            {t('editor.linkPage')}
          </label>
          <input id={queryId} value={query} onChange={(event) => setQuery(event.target.value)} className={inputClass} />
        </div>
        <button type="button" className={buttonClass.secondary} onClick={() => void search()}>
          {t('editor.linkSearch')}
        </button>
      </div>
      {found && (found.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t('editor.linkNone')}</p> : (
        <ul aria-label={t('editor.pagedFound')} className="mt-2 divide-y divide-brand-100 rounded border border-brand-100 bg-white">
          {found.map((record) => (
            <li key={`${record.type}/${record._id}`}>
              <button type="button" className="w-full px-3 py-2 text-left hover:bg-brand-50" onClick={() => apply(refHref(record.type, record._id))}>
                {record.title}
                {record.matched && (
                  <span lang={record.matched.lang} className="block text-sm text-slate-600">
                    {record.matched.lang.toUpperCase()}: {record.matched.title}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ))}
    </Panel>
  );
}

interface LibraryImage {
  path: string;
  filename: string;
  images?: { large?: string; thumbnail?: string };
  url: string;
}

function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useAdmin();
  const [images, setImages] = useState<LibraryImage[] | null>(null);
  const [chosen, setChosen] = useState<LibraryImage | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState('');
  const altId = useId();
  const captionId = useId();
  const insert = () => {
    if (!chosen) return;
    if (!alt.trim()) return setError(t('editor.imageAltNeeded'));
    editor
      .chain()
      .insertContent({ type: 'image', attrs: { src: chosen.images?.large ?? chosen.url, alt: alt.trim(), caption: caption.trim() || null } })
      .scrollIntoView()
      .run();
    onClose();
  };
  useEffect(() => {
    void api<{ images: LibraryImage[] }>('/upload/list').then((result) => setImages(result.data.images ?? []), () => setImages([]));
  }, []);
  return (
    <Panel title={t('editor.imageTitle')} onClose={onClose}>
      {images === null ? (
        <p className="mt-2 text-sm text-slate-700">{t('app.loading')}</p>
      ) : images.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('editor.imageNone')}</p>
      ) : (
        <ul className="mt-2 grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5">
          {images.map((image) => (
            <li key={image.path}>
              <button type="button" aria-pressed={chosen?.path === image.path} aria-label={image.filename} onClick={() => setChosen(image)} className={`block w-full rounded border-2 ${chosen?.path === image.path ? 'border-brand-600' : 'border-transparent'}`}>
                <img src={image.images?.thumbnail ?? image.url} alt="" className="aspect-square w-full rounded object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid gap-2" onKeyDown={enterTo(insert)}>
        <label htmlFor={altId} className="block text-sm font-medium text-slate-800">
          {t('editor.imageAlt')} <span aria-hidden="true" className="text-red-700">*</span>
        </label>
        <input id={altId} value={alt} onChange={(event) => setAlt(event.target.value)} required className={inputClass} aria-describedby={error ? `${altId}-error` : undefined} />
        {error && (
          <p id={`${altId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <label htmlFor={captionId} className="block text-sm font-medium text-slate-800">
          {t('editor.imageCaption')}
        </label>
        <input id={captionId} value={caption} onChange={(event) => setCaption(event.target.value)} className={inputClass} />
        <div className="flex gap-2">
          <button type="button" className={buttonClass.primary} disabled={!chosen} onClick={insert}>
            {t('editor.apply')}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('editor.cancel')}
          </button>
        </div>
      </div>
    </Panel>
  );
}

/** A new footnote at the cursor, or the selected one (clicked in the text) rewritten. */
function FootnoteDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useAdmin();
  const { selection } = editor.state;
  const editing = selection instanceof NodeSelection && selection.node.type.name === 'footnote' ? selection : null;
  const [text, setText] = useState(editing?.node.textContent ?? '');
  const [error, setError] = useState('');
  const inputId = useId();
  const insert = () => {
    if (!text.trim()) return setError(t('editor.footnoteNeeded'));
    // Unchanged words keep their bold, italic and links; changed ones are written anew, the
    // addresses in them linked (a note citing lex.uz), the words of its links linked again.
    if (editing && text.trim() === editing.node.textContent) return onClose();
    const note = { type: 'footnote', content: footnoteContent(text.trim(), editing?.node) };
    const chain = editor.chain();
    (editing ? chain.insertContentAt({ from: editing.from, to: editing.to }, note) : chain.insertContent(note)).scrollIntoView().run();
    onClose();
  };
  return (
    <Panel title={t(editing ? 'editor.editFootnote' : 'editor.footnote')} onClose={onClose}>
      <div className="mt-2 flex flex-wrap items-end gap-2" onKeyDown={enterTo(insert)}>
        <div className="min-w-64 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {t('editor.footnoteText')}
          </label>
          <input id={inputId} value={text} onChange={(event) => setText(event.target.value)} className={inputClass} aria-describedby={error ? `${inputId}-error` : undefined} />
        </div>
        <button type="button" className={buttonClass.primary} onClick={insert}>
          {t('editor.apply')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t('editor.cancel')}
        </button>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Panel>
  );
}
