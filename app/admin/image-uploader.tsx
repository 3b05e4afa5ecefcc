import { ImagePlus, Images } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { ApiError, upload } from './api.ts';
import { LibraryPicker } from './media-library.tsx';
import { useUploadTracking } from './abandoned-uploads.tsx';
import { buttonClass } from './ui.tsx';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** What to tell an editor whose upload failed, in the admin's language where the cause is known. */
export function uploadFailure(caught: unknown, { t, problem }: Pick<ReturnType<typeof useAdmin>, 't' | 'problem'>): string {
  const code = caught instanceof ApiError ? caught.code : undefined;
  if (code === 'NETWORK') return t('image.network');
  if (code === 'UNAVAILABLE') return t('image.storeUnavailable');
  return problem(caught, 'image.uploadFailed');
}

/** Checks a file before it is sent: the same limits the server applies. */
export function checkImage(file: File): 'invalidType' | 'tooLarge' | undefined {
  if (!ACCEPTED.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) return 'invalidType';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return undefined;
}

/** The one image field of every form: empty, dragging, uploading with progress, error, has image. */
export function ImageUploader({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  const admin = useAdmin();
  const { t } = admin;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [picking, setPicking] = useState(false);
  const tracking = useUploadTracking();

  async function send(file: File | undefined) {
    if (!file) return;
    setError('');
    const problem = checkImage(file);
    if (problem) {
      setError(t(problem === 'invalidType' ? 'image.invalidType' : 'image.tooLarge'));
      return;
    }
    const form = new FormData();
    form.append('image', file);
    setProgress(0);
    try {
      const result = await upload<{ images: { large: string } }>('/upload/single', form, setProgress);
      tracking?.(result.data.images.large);
      onChange(result.data.images.large);
    } catch (caught) {
      setError(uploadFailure(caught, admin));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const preview = value.replace(/-large\.webp$/, '-medium.webp');
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </span>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        aria-labelledby={`${id}-label`}
        onChange={(event) => send(event.target.files?.[0])}
      />
      {value ? (
        <div className="mt-1 flex items-center gap-4 rounded-md border border-slate-300 p-3">
          <img src={preview} alt="" className="h-20 w-28 rounded object-cover" />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => input.current?.click()} disabled={progress !== null}>
              {t('image.change')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setPicking(true)} disabled={progress !== null}>
              <Images className="h-4 w-4" aria-hidden="true" />
              {t('media.fromLibrary')}
            </button>
            <button type="button" className={buttonClass.danger} onClick={() => onChange('')} disabled={progress !== null}>
              {t('image.remove')}
            </button>
          </div>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void send(event.dataTransfer.files[0]);
          }}
          className={`mt-1 flex flex-col items-center justify-center rounded-md border-2 border-dashed p-6 text-center text-sm ${dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-400'}`}
        >
          <ImagePlus className="h-8 w-8 text-slate-500" aria-hidden="true" />
          {dragging ? (
            <p className="mt-2 font-semibold text-brand-800">{t('image.dropNow')}</p>
          ) : (
            <p className="mt-2 text-slate-700">
              {t('image.drop')}{' '}
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => input.current?.click()} disabled={progress !== null}>
                {t('image.choose')}
              </button>
            </p>
          )}
          <p className="mt-1 text-slate-600">{t('image.hint')}</p>
          <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => setPicking(true)} disabled={progress !== null}>
            <Images className="h-4 w-4" aria-hidden="true" />
            {t('media.fromLibrary')}
          </button>
        </div>
      )}
      <LibraryPicker open={picking} onClose={() => setPicking(false)} onPick={onChange} />
      {progress !== null && (
        <div className="mt-2" role="status">
          <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label={t('media.uploading', { percent: progress })}>
            <div className="h-full bg-brand-700 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700">{t('media.uploading', { percent: progress })}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
