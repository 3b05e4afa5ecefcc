/*
 * The picture a share shows (Telegram, Facebook): the JPEG preview size of an uploaded image
 * (Telegram shows no WebP), or the card drawn for a record without one (server/http/cover-routes.ts).
 */

/** The drawn card of a record in a language; its version in the name, so a change gives a new address. */
export function coverPath(type: string, record: { _id: string; version: number }, lang: string): string {
  return `/covers/${lang}/${type}/${record._id}-${record.version}.jpg`;
}

const SIZES = /-(large|medium|thumbnail)\.webp$/;

/** True when the image has a JPEG preview size made at upload. */
export const hasJpegPreview = (image: string) => SIZES.test(image);

/** The JPEG preview size of an uploaded image (the image itself when it has none). */
export const jpegPreview = (image: string) => image.replace(SIZES, '-og.jpg');
