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

export function createMediaService(database: Database, storage: MediaStorage, onChange: (event: ChangeEvent) => Promise<void>) {
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

  return {
    /** Checks, re-encodes (dropping metadata) and stores one image in every size. */
    async upload(data: Buffer, originalName: string, actor?: Actor): Promise<UploadResult> {
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
      const now = new Date();
      const base = slugify(originalName.replace(/\.[^.]*$/, '')).slice(0, 60);
      const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${base}-${randomBytes(5).toString('hex')}`;
      const written: string[] = [];
      let width = metadata.width;
      let height = metadata.height;
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
          const target = fileKey(key, variant);
          await storage.put(target, output.data);
          written.push(target);
        }
      } catch (error) {
        await Promise.all(written.map((target) => storage.remove(target)));
        if (error instanceof AppError) throw error;
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_TYPE_MESSAGE);
      }
      const filename = originalName.replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 200) || 'image';
      const images = urlsOf(key);
      const uploadedAt = nowIso();
      const id = newId();
      await db
        .insertInto('media')
        .values({ id, created_at: uploadedAt, updated_at: uploadedAt, version: 1, path: key, filename, size: data.length, width, height, images: JSON.stringify(images) })
        .execute();
      await onChange({ entity: 'media', action: 'create', id, actor, summary: `Image "${filename}"` });
      return { images, filename, size: data.length, width, height, path: key };
    },

    async list() {
      const rows = await db.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const images = rows.map((row) => {
        const result = toResult(row);
        return { url: result.images.large, filename: result.filename, size: result.size, uploadedAt: row.created_at as string, path: result.path, images: result.images, width: result.width, height: result.height };
      });
      return { images, total: images.length };
    },

    async info(imagePath: unknown) {
      const key = uploadKeyOf(imagePath);
      const row = await db.selectFrom('media').selectAll().where('path', '=', key).executeTakeFirst();
      if (!row) throw notFound('Image');
      return { ...toResult(row), url: toResult(row).images.large, uploadedAt: row.created_at as string };
    },

    async remove(imagePath: unknown, actor?: Actor): Promise<void> {
      const key = uploadKeyOf(imagePath);
      const row = await db.selectFrom('media').selectAll().where('path', '=', key).executeTakeFirst();
      if (!row) throw notFound('Image');
      await db.deleteFrom('media').where('id', '=', row.id).execute();
      await Promise.all((Object.keys(VARIANTS) as VariantName[]).map((variant) => storage.remove(fileKey(key, variant))));
      await onChange({ entity: 'media', action: 'delete', id: row.id as string, actor, summary: `Image "${row.filename as string}"` });
    },
  };
}

