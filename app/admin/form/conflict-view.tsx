import { useEffect, useMemo, useState } from 'react';
import { useAdmin } from '../admin-context.tsx';
import type { Resource } from '../resources.ts';
import { formatMoment } from '../time-zone.ts';
import { buttonClass, inputClass } from '../ui.tsx';
import { blocksOf, blockText, mergeBlocks, put, sameBlock, sortOut, valueText, type Clash, type Stale } from './conflict.ts';
import { usePathLabel } from './copy-notices.tsx';
import type { Values } from './use-form-state.ts';

type Side = 'theirs' | 'mine';

interface ConflictViewProps {
  resource: Resource;
  stale: Stale;
  values: Values;
  base: Values;
  /** The values chosen, saved over the version read now. */
  onSave: (values: Values, version: number) => void;
}

/** A save over a colleague's newer version: their change and yours, side by side, field by field (a document block by block). */
export function ConflictView({ resource, stale, values, base, onSave }: ConflictViewProps) {
  const { t, lang, timeZone } = useAdmin();
  const pathLabel = usePathLabel(resource);
  const { merged, clashes } = useMemo(
    () => sortOut(stale, values, base, resource.fields.map((field) => field.name), resource.type.localizedFields),
    // Sorted out once, when the refusal came: typing into the results changes nothing here.
    [stale],
  );
  // A text's result (starts as what was typed), another field's side, a document's side per block.
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(clashes.filter((clash) => clash.kind === 'text').map((clash) => [clash.path, valueText(clash.mine)])));
  const [sides, setSides] = useState<Record<string, Side>>({});
  const [blocks, setBlocks] = useState<Record<string, Side[]>>(() => Object.fromEntries(clashes.filter((clash) => clash.kind === 'document').map((clash) => [clash.path, blocksOf(clash.theirs, clash.mine).map((): Side => 'mine')])));
  const who = stale.changedBy?.name || stale.changedBy?.email || t('edit.someone');
  const when = stale.changedBy?.at ? formatMoment(stale.changedBy.at, lang, timeZone) : '';
  const theirsHeading = t('edit.theirs', { name: who, time: when });

  function save() {
    let result = merged;
    for (const clash of clashes) {
      const chosen = clash.kind === 'text' ? texts[clash.path] : clash.kind === 'document' ? mergeBlocks(clash.theirs, clash.mine, blocks[clash.path] ?? []) : (sides[clash.path] ?? 'mine') === 'theirs' ? clash.theirs : clash.mine;
      result = put(result, clash.field, clash.lang, chosen);
    }
    onSave(result, Number(stale.current.version));
  }

  // Nothing both changed: theirs and yours go together, saved at once.
  useEffect(() => {
    if (!clashes.length) save();
  }, [clashes]);

  const pickButtons = (label: string, side: Side | undefined, choose: (side: Side) => void) => (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {(['theirs', 'mine'] as const).map((option) => (
        <button key={option} type="button" aria-pressed={side === option} onClick={() => choose(option)} className={`min-h-10 rounded-md px-3 text-sm font-semibold ${side === option ? 'bg-brand-700 text-white' : 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-50'}`}>
          {option === 'theirs' ? t('edit.keepTheirs') : t('edit.keepMine')}
        </button>
      ))}
    </div>
  );
  const pair = (theirs: string, mine: string) => (
    <div className="grid gap-2 sm:grid-cols-2">
      <div className="min-w-0 rounded border border-amber-300 bg-white px-2 py-1" data-side="theirs">
        <span className="block text-xs font-semibold text-amber-900">{theirsHeading}</span>
        <span className="block whitespace-pre-line break-words text-slate-900">{theirs || t('edit.empty')}</span>
      </div>
      <div className="min-w-0 rounded border border-sky-300 bg-white px-2 py-1" data-side="mine">
        <span className="block text-xs font-semibold text-sky-900">{t('edit.yours')}</span>
        <span className="block whitespace-pre-line break-words text-slate-900">{mine || t('edit.empty')}</span>
      </div>
    </div>
  );

  const clashView = (clash: Clash) => {
    const label = pathLabel(clash.path);
    if (clash.kind === 'document') {
      const chosen = blocks[clash.path] ?? [];
      return blocksOf(clash.theirs, clash.mine).map((block, index) =>
        sameBlock(block.theirs, block.mine) ? null : (
          <div key={index} className="space-y-2 border-t border-amber-200 pt-2" data-block={index}>
            <p className="text-sm font-semibold text-slate-800">{t('edit.block', { number: index + 1 })}</p>
            {pair(blockText(block.theirs), blockText(block.mine))}
            {pickButtons(`${label} · ${t('edit.block', { number: index + 1 })}`, chosen[index], (side) => setBlocks((current) => ({ ...current, [clash.path]: chosen.map((old, at) => (at === index ? side : old)) })))}
          </div>
        ),
      );
    }
    if (clash.kind === 'text') {
      const id = `merge-${clash.path.replace(/\W/g, '-')}`;
      const set = (value: unknown) => setTexts((current) => ({ ...current, [clash.path]: valueText(value) }));
      const current = texts[clash.path] ?? '';
      return (
        <>
          {pair(valueText(clash.theirs), valueText(clash.mine))}
          {pickButtons(label, current === valueText(clash.theirs) ? 'theirs' : current === valueText(clash.mine) ? 'mine' : undefined, (side) => set(side === 'theirs' ? clash.theirs : clash.mine))}
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            {t('edit.result')}
          </label>
          <textarea id={id} value={current} rows={Math.min(8, Math.max(2, current.split('\n').length))} onChange={(event) => setTexts((all) => ({ ...all, [clash.path]: event.target.value }))} className={inputClass} />
        </>
      );
    }
    return (
      <>
        {pair(valueText(clash.theirs), valueText(clash.mine))}
        {pickButtons(label, sides[clash.path] ?? 'mine', (side) => setSides((current) => ({ ...current, [clash.path]: side })))}
      </>
    );
  };

  if (!clashes.length) return null;
  return (
    <section aria-labelledby="conflict-title" data-testid="conflict" className="space-y-4 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <p id="conflict-title" role="alert">
        {t('edit.conflict', { name: who, time: when })}
      </p>
      {clashes.map((clash) => (
        <fieldset key={clash.path} data-clash={clash.path} className="min-w-0 space-y-2 rounded-md border border-amber-200 bg-amber-50/50 p-3">
          <legend className="px-1 font-semibold text-slate-900">{pathLabel(clash.path)}</legend>
          {clashView(clash)}
        </fieldset>
      ))}
      <button type="button" className={buttonClass.primary} onClick={save}>
        {t('edit.saveMerged')}
      </button>
    </section>
  );
}
