import { Copy, Download, Eye, Trash, Upload } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen, upload } from '../../admin/api.ts';
import { checkImage, uploadFailure } from '../../admin/image-uploader.tsx';
import { describeUse, imageFacts, type MediaImage } from '../../admin/media-library.tsx';
import { EmptyList } from '../../admin/list-table.tsx';
import { buttonClass, Dialog, ErrorNotice, Loading, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/media';

const GRID = ['grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4', 'grid-cols-5', 'grid-cols-6'];

export async function clientLoader() {
  return loadScreen(async () => (await api<{ images: MediaImage[]; total: number }>('/upload/list')).data.images);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** The library's images in `columns` columns, each with where it is used and its actions. */
function MediaGrid({ images, columns, onPreview, onCopy, onRemove }: { images: MediaImage[]; columns: number; onPreview: (image: MediaImage) => void; onCopy: (image: MediaImage) => void; onRemove: (image: MediaImage) => void }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <ul className={`grid gap-4 ${GRID[columns - 1]}`} data-testid="media-grid">
      {images.map((image) => (
        <li key={image.path} className="overflow-hidden rounded-xl bg-white shadow-sm">
          <button type="button" onClick={() => onPreview(image)} className="block w-full" aria-label={`${t('media.preview')}: ${image.filename}`}>
            <img src={image.images.thumbnail} alt="" className="aspect-video w-full object-cover" loading="lazy" />
          </button>
          <div className="p-3 text-sm">
            <p className="truncate font-semibold text-slate-900" title={image.filename}>
              {image.filename}
            </p>
            <p className="text-slate-600">{imageFacts(image, lang, timeZone)}</p>
            {image.usedBy.length === 1 ? (
              <p className="mt-1 text-slate-700">
                {t('media.usedIn')}: {describeUse(image.usedBy[0], lang, t)}
              </p>
            ) : image.usedBy.length > 1 ? (
              <details className="mt-1 text-slate-700">
                <summary className="cursor-pointer">
                  {t('media.usedIn')}: {image.usedBy.length}
                </summary>
                <ul className="mt-1 list-disc pl-5">
                  {image.usedBy.map((use, index) => (
                    <li key={index}>{describeUse(use, lang, t)}</li>
                  ))}
                </ul>
              </details>
            ) : (
              <p className="mt-1 text-slate-500">{t('media.unused')}</p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={buttonClass.small} onClick={() => onCopy(image)} aria-label={`${t('media.copyUrl')}: ${image.filename}`}>
                <Copy className="h-4 w-4" aria-hidden="true" />
                {t('media.copyUrl')}
              </button>
              <a href={image.url} download={image.filename} className={buttonClass.small} aria-label={`${t('media.download')}: ${image.filename}`}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t('media.download')}
              </a>
              <button type="button" className={buttonClass.small} onClick={() => onPreview(image)} aria-label={`${t('media.preview')}: ${image.filename}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                {t('media.preview')}
              </button>
              <button type="button" className={`${buttonClass.small} text-red-800`} onClick={() => onRemove(image)} aria-label={`${t('common.delete')}: ${image.filename}`}>
                <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                {t('common.delete')}
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function PreviewDialog({ preview, onClose }: { preview: MediaImage | null; onClose: () => void }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <Dialog title={preview?.filename ?? ''} open={Boolean(preview)} onClose={onClose} wide>
      {preview && (
        <div>
          <img src={preview.images.medium} alt="" className="max-h-[60vh] w-full rounded object-contain" />
          <p className="mt-3 break-all text-sm text-slate-700">{new URL(preview.url, 'http://x').pathname}</p>
          <p className="text-sm text-slate-600">
            {imageFacts(preview, lang, timeZone)}
          </p>
          {preview.usedBy.length > 0 && (
            <p className="mt-2 text-sm text-slate-700">
              {t('media.usedIn')}: {preview.usedBy.map((use) => describeUse(use, lang, t)).join('; ')}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Uploading one image or several: the chosen files are checked, then sent with their progress shown. */
function UploadDialog({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: () => Promise<void> }) {
  const { t, problem } = useAdmin();
  const [many, setMany] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState('');

  async function send(files: FileList | null) {
    if (!files?.length) return;
    setUploadError('');
    for (const file of Array.from(files)) {
      const problem = checkImage(file);
      if (problem) {
        setUploadError(`${file.name}: ${t(problem === 'invalidType' ? 'image.invalidType' : 'image.tooLarge')}`);
        return;
      }
    }
    const form = new FormData();
    for (const file of Array.from(files)) form.append(many ? 'images' : 'image', file);
    setProgress(0);
    try {
      await upload(many ? '/upload/multiple' : '/upload/single', form, setProgress);
      await onUploaded();
    } catch (caught) {
      setUploadError(uploadFailure(caught, { t, problem }));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog title={t('media.upload')} open={open} onClose={() => progress === null && onClose()}>
      <fieldset className="flex gap-4" disabled={progress !== null}>
        <legend className="sr-only">{t('media.upload')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="upload-mode" checked={!many} onChange={() => setMany(false)} />
          {t('media.uploadOne')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="upload-mode" checked={many} onChange={() => setMany(true)} />
          {t('media.uploadMany')}
        </label>
      </fieldset>
      <label htmlFor="media-files" className="mt-4 block text-sm font-medium text-slate-800">
        {t('media.chooseFiles')}
      </label>
      <input id="media-files" type="file" accept="image/*" multiple={many} disabled={progress !== null} onChange={(event) => send(event.target.files)} className="mt-1 block w-full text-sm" />
      <p className="mt-1 text-sm text-slate-600">{t('image.hint')}</p>
      {progress !== null && (
        <div className="mt-3" role="status">
          <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label={t('media.uploading', { percent: progress })}>
            <div className="h-full bg-brand-700" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-sm">{t('media.uploading', { percent: progress })}</p>
        </div>
      )}
      {uploadError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {uploadError}
        </p>
      )}
    </Dialog>
  );
}

export default function Media({ loaderData }: Route.ComponentProps) {
  const { t, lang, problem } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const revalidator = useRevalidator();
  const images = loaderData.data;
  const [actionError, setError] = useState('');
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'media.loadError') : '');
  const [notice, setNotice] = useState('');
  const [columns, setColumns] = useState(4);
  const [preview, setPreview] = useState<MediaImage | null>(null);
  const [dialog, setDialog] = useState(false);

  const load = async () => {
    setError('');
    await revalidator.revalidate();
  };

  /** An image still shown somewhere is deleted only after the editor saw where. */
  async function remove(image: MediaImage) {
    const used = image.usedBy.length > 0;
    const question = used ? t('media.confirmForce', { places: image.usedBy.map((use) => describeUse(use, lang, t)).join('; ') }) : t('confirm.deleteImage');
    if (!(await ask({ message: question, confirm: t('common.delete'), danger: true }))) return;
    try {
      await api('/upload/delete', { method: 'DELETE', body: { imagePath: image.path, force: used } });
      await revalidator.revalidate();
      setPreview(null);
    } catch (caught) {
      setError(problem(caught, 'error.deleteImage'));
    }
  }

  async function copy(image: MediaImage) {
    const url = new URL(image.url, location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard refused (an insecure page): the URL is still shown in the preview.
    }
    setNotice(t('media.copied'));
  }

  return (
    <div>
      {confirmDialog}
      <PageTitle
        actions={
          <>
            <label htmlFor="media-columns" className="sr-only">
              {t('media.columns')}
            </label>
            <select id="media-columns" value={columns} onChange={(event) => setColumns(Number(event.target.value))} className="min-h-10 rounded-md border border-slate-400 px-3 text-sm">
              {[1, 2, 3, 4, 5, 6].map((count) => (
                <option key={count} value={count}>
                  {t('media.columns')}: {count}
                </option>
              ))}
            </select>
            <button type="button" className={buttonClass.primary} onClick={() => setDialog(true)}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {t('media.upload')}
            </button>
          </>
        }
      >
        {t('media.title')} <span className="text-base font-normal text-slate-600">({images?.length ?? 0})</span>
      </PageTitle>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={load} />}
      {images === null && !error ? (
        <Loading />
      ) : !images?.length ? (
        <EmptyList>{t('media.empty')}</EmptyList>
      ) : (
        <MediaGrid images={images} columns={columns} onPreview={setPreview} onCopy={copy} onRemove={remove} />
      )}
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
      <UploadDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onUploaded={async () => {
          setDialog(false);
          setNotice(t('common.saved'));
          await load();
        }}
      />
    </div>
  );
}
