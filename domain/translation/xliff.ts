/*
 * XLIFF 2.1 for a translation agency (API-4.md "The translation desk"): a record's (or a release's)
 * texts in one language pair as an OASIS XLIFF file, one `<file>` per record and one `<unit>` per short
 * field or top-level document block, each unit carrying its source's hash (a `<note category="hash">`)
 * so a target whose source changed since the export is known as stale. Reading a file back refuses
 * DTDs and entities (XXE) and anything that is not XML by its bytes.
 */
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isDocument, textToDocument, type Doc, type DocNode } from '../documents/document.ts';
import { AppError } from '../shared/errors.ts';
import type { RecordType } from '../shared/record-type.ts';
import { attrOf, childrenOf, CodeBook, encodeInline, escapeXml, tagOf, textOf, type XmlNode } from './xliff-inline.ts';

const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';
/** The largest XLIFF file taken in (a long article in three languages is well under 1 MB). */
export const MAX_XLIFF_BYTES = 5 * 1024 * 1024;

/** The fields an agency translates: a type's multilingual ones, without the slug and the confidential ones. */
export const translatableFields = (type: RecordType): string[] => type.localizedFields.filter((field) => field !== 'slug' && !type.confidentialFields?.includes(field));

/** A short hash of a source (a text, or a block's JSON). */
const sourceHash = (value: unknown) => createHash('sha256').update(typeof value === 'string' ? value : JSON.stringify(value)).digest('hex').slice(0, 24);

/** Where one segment's text is in a block: the inline content of a paragraph or heading, or an image's alt or caption. */
export interface SegmentPlace {
  kind: 'inline' | 'alt' | 'caption';
  node: DocNode;
}

/** The segments of a top-level block, in document order (text blocks with nothing in them have none). */
export function segmentsOf(block: DocNode): SegmentPlace[] {
  const places: SegmentPlace[] = [];
  const visit = (node: DocNode) => {
    if (node.type === 'paragraph' || node.type === 'heading') {
      if (node.content?.length) places.push({ kind: 'inline', node });
      return;
    }
    if (node.type === 'image') {
      if (typeof node.attrs?.alt === 'string' && node.attrs.alt.trim()) places.push({ kind: 'alt', node });
      if (typeof node.attrs?.caption === 'string' && node.attrs.caption.trim()) places.push({ kind: 'caption', node });
      return;
    }
    for (const child of node.content ?? []) visit(child);
  };
  visit(block);
  return places;
}

/** A field's value in a language as a document (a plain text of a document field becomes one). */
export const asDocument = (value: unknown): Doc | undefined => (isDocument(value) ? value : typeof value === 'string' && value.trim() ? textToDocument(value) : undefined);

/** What a unit is made from: a short field's text or a document's block. */
export interface SourceUnit {
  id: string;
  field: string;
  /** The block's index in the document; undefined for a short field. */
  block?: number;
  hash: string;
  text?: string;
  node?: DocNode;
}

/** The units of a record's texts in `from`. */
export function sourceUnits(type: RecordType, values: Record<string, unknown>, from: string): SourceUnit[] {
  const units: SourceUnit[] = [];
  for (const field of translatableFields(type)) {
    const value = (values[field] as Record<string, unknown> | undefined)?.[from];
    if (type.documentFields.includes(field)) {
      const doc = asDocument(value);
      doc?.content.forEach((node, block) => {
        if (segmentsOf(node).length) units.push({ id: `${field}.${block}`, field, block, hash: sourceHash(node), node });
      });
    } else if (typeof value === 'string' && value.trim()) {
      units.push({ id: field, field, hash: sourceHash(value), text: value });
    }
  }
  return units;
}

/** A unit's segments as `<source>` contents, and the codes they use. */
function encoded(unit: SourceUnit) {
  const book = new CodeBook();
  const sources = unit.node
    ? segmentsOf(unit.node).map((place) => (place.kind === 'inline' ? encodeInline(place.node.content ?? [], book) : escapeXml(String(place.node.attrs?.[place.kind] ?? ''))))
    : [escapeXml(unit.text ?? '')];
  return { book, sources };
}

/**
 * The codes of a unit as its export wrote them (id → content): a target's codes are read by these,
 * not by the file's originalData, so a file cannot bring a link the source does not have.
 */
export const unitCodes = (unit: SourceUnit): Map<string, string> => new Map([...encoded(unit).book.data].map(([content, id]) => [id, content]));

function unitXml(unit: SourceUnit): string {
  const { book, sources } = encoded(unit);
  const data = [...book.data].map(([content, id]) => `<data id="${id}">${escapeXml(content)}</data>`).join('');
  const segments = sources.map((source, index) => `<segment id="s${index + 1}"><source>${source}</source></segment>`).join('');
  return `<unit id="${unit.id}" name="${escapeXml(unit.id)}"><notes><note category="hash">${unit.hash}</note></notes>${data ? `<originalData>${data}</originalData>` : ''}${segments}</unit>`;
}

export interface XliffRecord {
  type: RecordType;
  id: string;
  values: Record<string, unknown>;
}

/** The XLIFF 2.1 file of these records' texts from `from` to `to`; 422 when none has a text to translate. */
export function xliffFile(records: readonly XliffRecord[], from: string, to: string): string {
  const files = records.flatMap((record) => {
    const units = sourceUnits(record.type, record.values, from);
    if (!units.length) return [];
    return [`<file id="${record.type.name}.${record.id}" original="${record.type.name}/${record.id}" canResegment="no">${units.map(unitXml).join('\n')}</file>`];
  });
  if (!files.length) throw new AppError(422, 'BAD_REQUEST', `Nothing to translate: the texts in ${from.toUpperCase()} are empty. Write them first, then export.`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="${XLIFF_NAMESPACE}" version="2.1" srcLang="${from}" trgLang="${to}">\n${files.join('\n')}\n</xliff>\n`;
}

/** A unit as read from a file: its hash and each segment's target (undefined: none). Its originalData is not read: see unitCodes. */
export interface ReadUnit {
  id: string;
  hash?: string;
  targets: Array<XmlNode[] | undefined>;
}

export interface ReadFile {
  original: string;
  units: ReadUnit[];
}

const refused = (message: string) => new AppError(400, 'BAD_REQUEST', message);

/**
 * An uploaded XLIFF file read: UTF-8 XML by its bytes, no DTD nor entity (XXE), well formed, the
 * XLIFF 2 namespace; its languages and every unit's targets.
 */
export function readXliff(bytes: Buffer): { srcLang: string; trgLang: string; files: ReadFile[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('The file is not UTF-8 text: save the XLIFF file from the translation tool as UTF-8 and send it again.');
  }
  text = text.replace(/^\uFEFF/, '');
  if (!/^\s*<(\?xml|xliff[\s>])/.test(text)) throw refused('The file is not an XLIFF file: it must start with <?xml or <xliff. Send the .xlf file the translation tool saved.');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refused('The file holds a DTD or entity declarations, which are refused for safety: save it again without a DOCTYPE.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw refused(`The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}). Save it again from the translation tool.`);
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', trimValues: false, parseTagValue: false, parseAttributeValue: false, processEntities: true, htmlEntities: false });
  const tree = parser.parse(text) as XmlNode[];
  const root = tree.find((node) => tagOf(node) === 'xliff');
  if (!root || attrOf(root, 'xmlns') !== XLIFF_NAMESPACE || !/^2\./.test(attrOf(root, 'version') ?? '')) {
    throw refused(`The file is not XLIFF 2 (<xliff xmlns="${XLIFF_NAMESPACE}" version="2.1">): export it again from here, or save it as XLIFF 2 in the translation tool.`);
  }
  const srcLang = attrOf(root, 'srcLang') ?? '';
  const trgLang = attrOf(root, 'trgLang') ?? '';
  if (!trgLang) throw refused('The file names no target language (trgLang): export it again from here.');
  const elements = (nodes: readonly XmlNode[], tag: string) => nodes.filter((node) => tagOf(node) === tag);
  const unitsIn = (nodes: readonly XmlNode[]): XmlNode[] => nodes.flatMap((node) => (tagOf(node) === 'unit' ? [node] : tagOf(node) === 'group' ? unitsIn(childrenOf(node)) : []));
  const files = elements(childrenOf(root), 'file').map((file) => ({
    // The record (type/id); a tool that drops `original` keeps the file's id (type.id).
    original: attrOf(file, 'original') ?? (attrOf(file, 'id') ?? '').replace('.', '/'),
    units: unitsIn(childrenOf(file)).map((unit) => {
      const parts = childrenOf(unit);
      // The note of category "hash"; a tool that keeps notes without their category keeps the hash alone in one.
      const notes = elements(parts, 'notes').flatMap((list) => elements(childrenOf(list), 'note'));
      const hash = notes.find((note) => attrOf(note, 'category') === 'hash') ?? notes.find((note) => /^[0-9a-f]{24}$/.test(textOf(childrenOf(note)).trim()));
      const targets = elements(parts, 'segment').map((segment) => {
        const target = elements(childrenOf(segment), 'target')[0];
        return target ? childrenOf(target) : undefined;
      });
      return { id: attrOf(unit, 'id') ?? '', hash: hash ? textOf(childrenOf(hash)).trim() : undefined, targets };
    }),
  }));
  return { srcLang, trgLang, files };
}
