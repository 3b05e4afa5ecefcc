/*
 * An XLIFF file back from the agency (API-4.md "The translation desk"): each unit's targets put into
 * the record's working copy in the target language, never onto the live record. A unit whose source
 * changed since the export is stale and not applied; a target that breaks the document rules (codes
 * unbalanced or unknown, a link to a page the source did not link to) is invalid, with its path.
 */
import { documentProblem, documentReferences, LINKABLE_TYPES, type DocNode } from '../documents/document.ts';
import { isAppError } from '../shared/errors.ts';
import type { Actor, RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { decodeInline, InlineProblem, textOf, type XmlNode } from './xliff-inline.ts';
import { asDocument, readXliff, segmentsOf, sourceUnits, unitCodes, type ReadUnit, type SourceUnit } from './xliff.ts';

interface XliffProblem {
  /** The record (`news/64f…`). */
  file: string;
  /** The unit's id (`content.3`, `title`). */
  unit: string;
  /** Where in the record (`content.ru.content.3.content.0.marks.0.attrs.ref`). */
  path?: string;
  code?: string;
  message: string;
}

export interface XliffImport {
  applied: number;
  records: Array<{ type: string; id: string }>;
  stale: XliffProblem[];
  invalid: XliffProblem[];
}

export interface XliffImportHost {
  types: readonly RecordType[];
  serviceOf(type: RecordType): RecordService;
  /** A record's texts as they are edited now: its working copy, or the record. */
  current(type: RecordType, id: string): Promise<Record<string, unknown> | undefined>;
}

const ID = /^[0-9a-f]{24}$/;

/**
 * A target without the line breaks and indentation a tool may write around its tags (a document's
 * text holds no line break: a break is a code): each such run is one space, none at the ends.
 */
function withoutLayout(nodes: readonly XmlNode[]): XmlNode[] {
  const tidy = (list: readonly XmlNode[]): XmlNode[] =>
    list.map((node) => {
      const tag = Object.keys(node).find((key) => key !== ':@') ?? '';
      if (tag === '#text') return { '#text': String(node['#text']).replace(/[ \t]*[\r\n]\s*/g, ' ') };
      return Array.isArray(node[tag]) ? { ...node, [tag]: tidy(node[tag] as XmlNode[]) } : node;
    });
  const out = tidy(nodes);
  const edge = (index: number, pattern: RegExp) => {
    const node = out[index];
    if (node && '#text' in node && /[\r\n]/.test(String((nodes[index] as XmlNode)['#text']))) out[index] = { '#text': String(node['#text']).replace(pattern, '') };
  };
  edge(0, /^ /);
  edge(out.length - 1, / $/);
  return out;
}

/** One unit's translated block (or text), or why not. */
function translated(source: SourceUnit, unit: ReadUnit, path: string): { value: DocNode | string } | { problem: Omit<XliffProblem, 'file' | 'unit'> } | undefined {
  if (unit.targets.every((target) => target === undefined)) return undefined;
  const fail = (message: string, code = 'invalid', at = path) => ({ problem: { path: at, code, message } });
  if (!source.node) {
    const target = unit.targets[0];
    if (unit.targets.length !== 1 || !target) return fail('A short field is one segment with a target');
    if (target.some((node) => Object.keys(node).some((key) => key !== '#text' && key !== ':@'))) return fail('A short field takes plain text: remove the tags from the target', 'unknown_node');
    const text = textOf(target).trim();
    return text ? { value: text } : undefined;
  }
  const places = segmentsOf(source.node);
  if (unit.targets.length !== places.length || unit.targets.some((target) => target === undefined)) return fail(`Every segment of the unit needs a target (${places.length} in the source)`);
  const block = structuredClone(source.node);
  const copies = segmentsOf(block);
  const codes = unitCodes(source);
  try {
    copies.forEach((place, index) => {
      const target = withoutLayout(unit.targets[index] as XmlNode[]);
      if (place.kind === 'inline') place.node.content = decodeInline(target, codes);
      else place.node.attrs = { ...place.node.attrs, [place.kind]: textOf(target).trim() };
    });
  } catch (error) {
    if (error instanceof InlineProblem) return fail(error.message, 'unbalanced_code');
    throw error;
  }
  const problem = documentProblem({ type: 'doc', content: [block] }, { referenceTypes: LINKABLE_TYPES });
  if (problem) return fail(problem.message, problem.code, `${path}${problem.path.replace(/^content\.0/, '')}`);
  const known = new Set(documentReferences({ type: 'doc', content: [source.node] }).map((ref) => `${ref.type}/${ref.id}`));
  const unknown = documentReferences({ type: 'doc', content: [block] }).find((ref) => !known.has(`${ref.type}/${ref.id}`));
  if (unknown) return fail(`The target links to ${unknown.type}/${unknown.id}, which the source does not link to: keep the link tags of the source`, 'bad_reference');
  return { value: block };
}

/** Puts a file's targets into working copies; `onlyLanguages`: a translator's; `allowed` refuses the file's language pair by throwing. */
export async function importXliff(
  host: XliffImportHost,
  bytes: Buffer,
  actor: Actor | undefined,
  onlyLanguages: string[] | undefined,
  allowed: (from: string, to: string) => Promise<void>,
): Promise<XliffImport & { srcLang: string; trgLang: string }> {
  const { srcLang: from, trgLang: to, files } = readXliff(bytes);
  // The file's languages, before anything is read or written (a translator only into theirs).
  await allowed(from, to);
  const result: XliffImport = { applied: 0, records: [], stale: [], invalid: [] };
  for (const file of files) {
    const [typeName, id] = file.original.split('/');
    const type = host.types.find((known) => known.name === typeName);
    const values = type && id && ID.test(id) ? await host.current(type, id) : undefined;
    if (!type || !values) {
      result.invalid.push({ file: file.original, unit: '', code: 'not_found', message: `There is no record "${file.original}" to translate: it may have been deleted since the export` });
      continue;
    }
    const sources = sourceUnits(type, values, from);
    const byHash = new Map(sources.map((source) => [source.hash, source]));
    const patch = new Map<string, { blocks: Map<number, DocNode>; text?: string }>();
    let applied = 0;
    for (const unit of file.units) {
      const same = sources.find((source) => source.id === unit.id);
      // A block moved since the export is found by its hash; otherwise the unit is stale.
      const source = same && same.hash === unit.hash ? same : unit.hash ? byHash.get(unit.hash) : undefined;
      if (!source || (same && same.field !== source.field)) {
        result.stale.push({ file: file.original, unit: unit.id, message: 'The source text changed after the export: this unit was not applied. Export again for the new text.' });
        continue;
      }
      const path = source.block === undefined ? `${source.field}.${to}` : `${source.field}.${to}.content.${source.block}`;
      const outcome = translated(source, unit, path);
      if (!outcome) continue;
      if ('problem' in outcome) {
        result.invalid.push({ file: file.original, unit: unit.id, ...outcome.problem });
        continue;
      }
      const entry = patch.get(source.field) ?? { blocks: new Map<number, DocNode>() };
      if (typeof outcome.value === 'string') entry.text = outcome.value;
      else entry.blocks.set(source.block!, outcome.value);
      patch.set(source.field, entry);
      applied += 1;
    }
    if (!patch.size) continue;
    const body: Record<string, unknown> = {};
    for (const [field, entry] of patch) {
      const languages = { ...(values[field] as Record<string, unknown> | undefined) };
      if (entry.text !== undefined) languages[to] = entry.text;
      else {
        const source = asDocument(languages[from])!;
        const target = asDocument(languages[to]);
        // Blocks not in the file keep their translation when the two documents are aligned; blocks without words (a rule, an empty line) come as they are.
        const aligned = target?.content.length === source.content.length ? target.content : undefined;
        const content = source.content.flatMap((block, index) => {
          const done = entry.blocks.get(index) ?? aligned?.[index] ?? (segmentsOf(block).length ? undefined : block);
          return done ? [done] : [];
        });
        languages[to] = { type: 'doc', content };
      }
      body[field] = languages;
    }
    try {
      await host.serviceOf(type).saveDraft(id, body, actor, { onlyLanguages });
      result.applied += applied;
      result.records.push({ type: type.name, id });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const detail = error.details?.[0];
      result.invalid.push({ file: file.original, unit: '', path: detail?.path, code: detail?.code ?? error.code.toLowerCase(), message: detail?.message ?? error.message });
    }
  }
  return { srcLang: from, trgLang: to, ...result };
}
