import { useEffect, useState } from 'react';
import { formatFileSize } from '../i18n/file-size.ts';
import { recordTypeNamed } from '../../domain/registry.ts';
import { say } from './words.ts';
import type { ImageUse } from '../../domain/media/media-service.ts';
import { useAdmin, type AdminT } from './admin-context.tsx';
import { api } from './api.ts';
import { fieldLabel } from './field-labels.ts';
import { formatDay } from './time-zone.ts';
import { buttonClass, Dialog, ErrorNotice, inputClass, Loading } from './ui.tsx';

export interface MediaImage {
  url: string;
  filename: string;
  size: number;
  uploadedAt: string;
  path: string;
  images: { large: string; medium: string; thumbnail: string; og: string };
  width: number;
  height: number;
  usedBy: ImageUse[];
}

/** "1200×630 · 240 KB · 23 Nov 2026": what tells two images of the same file name apart. */
export function imageFacts(image: MediaImage, lang: string, timeZone: string): string {
  return `${image.width}×${image.height} · ${formatFileSize(image.size, lang)} · ${formatDay(image.uploadedAt, lang, timeZone)}`;
}

/** "News · Contract signing (Image)", or "Site configuration · offices.0.image". */
export function describeUse(use: ImageUse, lang: string, t: AdminT): string {
  if (use.type === 'site-config') return `${t('media.siteConfig')} · ${use.field}`;
  const type = recordTypeNamed(use.type);
  const kind = type ? say(type.admin.title, lang) : use.type;
  return `${kind} · ${use.title || '—'} (${fieldLabel(use.field, lang)})`;
}

/** The media library to choose from: a form takes an image already uploaded instead of a new one. */
export function LibraryPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (url: string) => void }) {
  const { t, lang, timeZone, problem } = useAdmin();
  const [images, setImages] = useState<MediaImage[] | null>(null);
  const [error, setError] = useState('');
  const [filter, setFilter] = useState('');

  const load = () => {
    setError('');
    setImages(null);
    api<{ images: MediaImage[] }>('/upload/list').then(
      (result) => setImages(result.data.images),
      (caught: unknown) => setError(problem(caught, 'media.loadError')),
    );
  };
  // Read afresh each time the chooser opens (an upload may have happened meanwhile).
  useEffect(() => {
    if (open) load();
  }, [open]);

  const wanted = filter.trim().toLowerCase();
  const shown = (images ?? []).filter((image) => !wanted || image.filename.toLowerCase().includes(wanted));
  return (
    <Dialog title={t('media.pickTitle')} open={open} onClose={onClose} wide>
      <label htmlFor="library-filter" className="block text-sm font-medium text-slate-800">
        {t('media.filter')}
      </label>
      <input id="library-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className={inputClass} />
      {error && (
        <div className="mt-3">
          <ErrorNotice message={error} onRetry={load} />
        </div>
      )}
      {images === null && !error && <Loading />}
      {images && shown.length === 0 && <p className="py-8 text-center text-slate-600">{images.length ? t('common.noMatch') : t('media.empty')}</p>}
      {shown.length > 0 && (
        <ul className="mt-4 grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3" data-testid="library-picker">
          {shown.map((image) => (
            <li key={image.path} className="rounded-lg border border-slate-200 p-2 text-sm">
              <img src={image.images.thumbnail} alt="" className="aspect-video w-full rounded object-cover" loading="lazy" />
              <p className="mt-1 truncate font-semibold text-slate-900" title={image.filename}>
                {image.filename}
              </p>
              <p className="text-xs text-slate-600">{imageFacts(image, lang, timeZone)}</p>
              <button
                type="button"
                className={`${buttonClass.secondary} mt-2 w-full`}
                onClick={() => {
                  onPick(image.images.large);
                  onClose();
                }}
                aria-label={`${t('media.pick')}: ${image.filename}, ${imageFacts(image, lang, timeZone)}`}
              >
                {t('media.pick')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
