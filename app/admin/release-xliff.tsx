import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { downloadFile, upload } from './api.ts';
import type { ShownRelease } from './releases.tsx';
import { buttonClass, ErrorNotice, inputClass, SuccessNotice } from './ui.tsx';

/* A release's texts out to a translation agency as XLIFF 2.1 and back into working copies (API-4.md "The translation desk"). */

interface Imported {
  applied: number;
  stale: Array<{ file: string; unit: string }>;
  invalid: Array<{ file: string; unit: string }>;
}

export function ReleaseXliff({ release, titleOf }: { release: ShownRelease; titleOf: (type: string, id: string) => string }) {
  const { t, problem, languages, defaultLanguage } = useAdmin();
  const active = languages.filter((language) => language.isActive).map((language) => language.code);
  const [from, setFrom] = useState(active.includes(defaultLanguage) ? defaultLanguage : (active[0] ?? ''));
  const targets = active.filter((code) => code !== from);
  const [to, setTo] = useState(targets[0] ?? '');
  const target = targets.includes(to) ? to : (targets[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [result, setResult] = useState<Imported | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  if (!release.items.length || !target) return null;

  const download = async () => {
    setBusy(true);
    setError('');
    try {
      if (!(await downloadFile(`/releases/${release._id}/xliff?from=${from}&to=${target}`, `release-${release._id}-${from}-${target}.xlf`))) throw new Error(t('common.error'));
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    setResult(null);
    setProgress(0);
    try {
      const form = new FormData();
      form.append('file', file);
      setResult((await upload<Imported>('/xliff', form, setProgress)).data);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
      setProgress(undefined);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  const place = ({ file, unit }: { file: string; unit: string }) => {
    const [type, id] = file.split('/');
    return `${titleOf(type, id ?? '')} · ${unit}`;
  };

  return (
    <section aria-labelledby="release-xliff" className="rounded-xl bg-white p-4 shadow-sm sm:p-6" data-testid="release-xliff">
      <h2 id="release-xliff" className="font-display text-lg font-semibold text-slate-900">
        {t('xliff.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('xliff.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <LanguageSelect label={t('xliff.from')} codes={active} value={from} onChange={setFrom} disabled={busy} />
        <LanguageSelect label={t('xliff.to')} codes={targets} value={target} onChange={setTo} disabled={busy} />
        <button type="button" className={buttonClass.secondary} onClick={() => void download()} disabled={busy}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('xliff.download')}
        </button>
        <label className={`${buttonClass.primary} cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-brand-600`}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t('xliff.upload')}
          <input ref={fileRef} type="file" accept=".xlf,.xliff,.xml,application/xliff+xml" className="sr-only" disabled={busy} onChange={(event) => void send(event.target.files?.[0])} />
        </label>
      </div>
      <div aria-live="polite" className="mt-3 space-y-2">
        {progress !== undefined && <p className="text-sm text-slate-700">{t('xliff.uploading', { percent: progress })}</p>}
        {error && <ErrorNotice message={error} />}
        {result && <SuccessNotice message={t('xliff.imported', { applied: result.applied, stale: result.stale.length, invalid: result.invalid.length })} />}
        {result && (result.stale.length > 0 || result.invalid.length > 0) && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="xliff-problems">
            {result.stale.map((item) => (
              <li key={`stale-${item.file}-${item.unit}`}>
                <span className="font-medium [overflow-wrap:anywhere]">{place(item)}</span>: {t('xliff.stale')}
              </li>
            ))}
            {result.invalid.map((item) => (
              <li key={`invalid-${item.file}-${item.unit}`}>
                <span className="font-medium [overflow-wrap:anywhere]">{place(item)}</span>: {t('xliff.invalid')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** One side of the language pair: a labelled choice among `codes`, each by its name. */
function LanguageSelect({ label, codes, value, onChange, disabled }: { label: string; codes: string[]; value: string; onChange: (code: string) => void; disabled: boolean }) {
  const { languageName } = useAdmin();
  return (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      <select className={`${inputClass} mt-1`} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        {codes.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
