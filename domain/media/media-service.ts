import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, notFound } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { slugify } from '../shared/slug.ts';
import type { MediaStorage } from './media-storage.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;
const INVALID_TYPE_MESSAGE = 'Invalid file type. Accepted types: jpeg, jpg, png, gif, webp';
export const TOO_LARGE_MESSAGE = 'File size must be less than 5MB';
const STORE_UNAVAILABLE_MESSAGE = 'The image could not be stored: the media store does not answer. Try again in a minute; if it keeps failing, tell whoever runs the site.';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
const MAX_INPUT_PIXELS = 50_000_000;

/** The sizes made of every upload. WebP for pages; a JPEG for link previews (Telegram shows no WebP). */
const VARIANTS = {
  large: { width: 1600, height: 1600, fit: 'inside', format: 'webp' },
  medium: { width: 800, height: 800, fit: 'inside', format: 'webp' },
  thumbnail: { width: 400, height: 400, fit: 'inside', format: 'webp' },
  og: { width: 1200, height: 630, fit: 'cover', format: 'jpeg' },
} as const;
export type VariantName = keyof typeof VARIANTS;

export interface UploadResult {
  images: Record<VariantName, string>;
  filename: string;
  size: number;
  width: number;
  height: number;
  path: string;
}

/** `2026/11/contract-signing-3f9a1c2b`: the key of one upload, from which every size is named. */
const KEY_PATTERN = /^\d{4}\/\d{2}\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
const URL_PREFIX = '/uploads/';

/**
 * Turns what a client names an image by (its key, or the URL of any of its sizes) into its key;
 * anything that could point outside the upload store is refused.
 */
function uploadKeyOf(imagePath: unknown): string {
  if (typeof imagePath !== 'string' || imagePath.length > 300) throw badRequest('Image path is missing or not inside the upload store');
  let key = imagePath.trim();
  try {
    key = decodeURIComponent(key);
  } catch {
    throw badRequest('Image path is not inside the upload store');
  }
  key = key.replace(/^https?:\/\/[^/]+/i, '');
  if (key.startsWith(URL_PREFIX)) key = key.slice(URL_PREFIX.length);
  key = key.replace(/-(large|medium|thumbnail|og)\.(webp|jpg)$/, '');
  if (!KEY_PATTERN.test(key)) throw badRequest('Image path is not inside the upload store');
  return key;
}

/** A place an image is shown: a record's field, or the site configuration (`type: 'site-config'`). */
export interface ImageUse {
  type: string;
  _id: string;
  title: string;
  field: string;
}

/** Where every stored image is used, by upload key (domain/media/media-usage.ts). */
export type MediaUsage = () => Promise<Map<string, ImageUse[]>>;

const USED_URL = /\/uploads\/(\d{4}\/\d{2}\/[a-z0-9]+(?:-[a-z0-9]+)*?)-(?:large|medium|thumbnail|og)\.(?:webp|jpg)/g;

/** The upload keys a value (a field, a whole configuration) refers to, wherever they sit in it. */
export function imageKeysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const match of value.matchAll(USED_URL)) found.add(match[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) imageKeysIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) imageKeysIn(item, found);
  }
  return found;
}

export function createMediaService(database: Database, storage: MediaStorage, onChange: (event: ChangeEvent) => Promise<void>, usage: MediaUsage) {
  const { db } = database;

  const fileKey = (key: string, variant: VariantName) => `${key}-${variant}.${VARIANTS[variant].format === 'jpeg' ? 'jpg' : 'webp'}`;
  const urlsOf = (key: string) =>
    Object.fromEntries(Object.keys(VARIANTS).map((variant) => [variant, URL_PREFIX + fileKey(key, variant as VariantName)])) as Record<VariantName, string>;

  const toResult = (row: Record<string, unknown>): UploadResult => ({
    images: typeof row.images === 'string' ? JSON.parse(row.images) : (row.images as Record<VariantName, string>),
    filename: row.filename as string,
    size: Number(row.size),
    width: Number(row.width),
    height: Number(row.height),
    path: row.path as string,
  });

  /** The image's format and size, or the 413/415 that refuses it. */
  async function inspect(data: Buffer): Promise<Metadata> {
    if (data.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    let metadata: Metadata;
    try {
      metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_TYPE_MESSAGE);
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_TYPE_MESSAGE);
    }
    return metadata;
  }

  async function store(data: Buffer, originalName: string, metadata: Metadata): Promise<UploadResult> {
    const now = new Date();
    const base = slugify(originalName.replace(/\.[^.]*$/, '')).slice(0, 60);
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${base}-${randomBytes(5).toString('hex')}`;
    const encoded: Array<{ target: string; data: Buffer }> = [];
    let width = metadata.width!;
    let height = metadata.height!;
    try {
      for (const [variant, spec] of Object.entries(VARIANTS) as Array<[VariantName, (typeof VARIANTS)[VariantName]]>) {
        // rotate() applies the EXIF orientation before the metadata is dropped.
        const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
          .rotate()
          .resize({ width: spec.width, height: spec.height, fit: spec.fit, withoutEnlargement: spec.fit === 'inside', position: 'attention' });
        const output =
          spec.format === 'jpeg'
            ? await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true })
            : await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
        if (variant === 'large') ({ width, height } = output.info);
        encoded.push({ target: fileKey(key, variant), data: output.data });
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_TYPE_MESSAGE);
    }
    // A store that does not answer (a bucket out of reach, a full disk) is no fault of the image.
    const written: string[] = [];
    try {
      for (const file of encoded) {
        await storage.put(file.target, file.data);
        written.push(file.target);
      }
    } catch {
      await Promise.allSettled(written.map((target) => storage.remove(target)));
      throw new AppError(503, 'UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE);
    }
    const filename = originalName.replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 200) || 'image';
    const images = urlsOf(key);
    const uploadedAt = nowIso();
    await db
      .insertInto('media')
      .values({ id: newId(), created_at: uploadedAt, updated_at: uploadedAt, version: 1, path: key, filename, size: data.length, width, height, images: JSON.stringify(images) })
      .execute();
    return { images, filename, size: data.length, width, height, path: key };
  }

  /** Removes an upload's row and every size of it. */
  async function forget(key: string) {
    await db.deleteFrom('media').where('path', '=', key).execute();
    await Promise.all((Object.keys(VARIANTS) as VariantName[]).map((variant) => storage.remove(fileKey(key, variant))));
  }

  return {
    /** Checks, re-encodes (dropping metadata) and stores one image in every size. */
    async upload(data: Buffer, originalName: string, actor?: Actor): Promise<UploadResult> {
      const [result] = await this.uploadAll([{ data, name: originalName }], actor);
      return result;
    },

    /**
     * Several images, all or none: every file is checked before any is stored, and if storing one
     * fails, the ones stored before it are removed again.
     */
    async uploadAll(files: Array<{ data: Buffer; name: string }>, actor?: Actor): Promise<UploadResult[]> {
      const checked: Array<{ data: Buffer; name: string; metadata: Metadata }> = [];
      for (const file of files) checked.push({ ...file, metadata: await inspect(file.data) });
      const stored: UploadResult[] = [];
      try {
        for (const file of checked) stored.push(await store(file.data, file.name, file.metadata));
      } catch (error) {
        for (const result of stored) await forget(result.path);
        throw error;
      }
      for (const result of stored) await onChange({ entity: 'media', action: 'create', id: result.path, actor, summary: `Image "${result.filename}"` });
      return stored;
    },

    /** Every image, newest first, each with the places it is used. */
    async list() {
      const [rows, uses] = await Promise.all([db.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(), usage()]);
      const images = rows.map((row) => {
        const result = toResult(row);
        return {
          url: result.images.large,
          filename: result.filename,
          size: result.size,
          uploadedAt: row.created_at as string,
          path: result.path,
          images: result.images,
          width: result.width,
          height: result.height,
          usedBy: uses.get(result.path) ?? [],
        };
      });
      return { images, total: images.length };
    },

    /** An image's record; any name not in the library, well formed or not, is a 404 (API.md): only reading, nothing is touched. */
    async info(imagePath: unknown) {
      let key: string;
      try {
        key = uploadKeyOf(imagePath);
      } catch {
        throw notFound('Image');
      }
      const row = await db.selectFrom('media').selectAll().where('path', '=', key).executeTakeFirst();
      if (!row) throw notFound('Image');
      return { ...toResult(row), url: toResult(row).images.large, uploadedAt: row.created_at as string, usedBy: (await usage()).get(key) ?? [] };
    },

    /** Deletes every size of an image; one still shown somewhere only with `force`. */
    async remove(imagePath: unknown, actor?: Actor, options: { force?: boolean } = {}): Promise<void> {
      const key = uploadKeyOf(imagePath);
      const row = await db.selectFrom('media').selectAll().where('path', '=', key).executeTakeFirst();
      if (!row) throw notFound('Image');
      const uses = (await usage()).get(key) ?? [];
      if (uses.length && options.force !== true) {
        const named = uses.slice(0, 3).map((use) => (use.title ? `${use.title} (${use.field})` : use.field));
        const more = uses.length > 3 ? ` and ${uses.length - 3} more` : '';
        throw new AppError(409, 'CONFLICT', `This image is used by ${named.join(', ')}${more}. Choose another image there first, or delete it anyway (force).`, {
          reason: 'in_use',
          usedBy: uses,
        });
      }
      await forget(key);
      await onChange({ entity: 'media', action: 'delete', id: row.id as string, actor, summary: `Image "${row.filename as string}"` });
    },
  };
}

