import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, DOCUMENT_PREFIX, IMMUTABLE_CACHE_CONTROL, type MediaStorage } from '../../domain/media/media-storage.ts';
import type { S3Config } from '../config.ts';

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound'));

/**
 * Uploads in an S3-compatible bucket (Amazon S3, MinIO, Garage, Ceph, Backblaze, Cloudflare R2…).
 * With a `prefix`, keys live under it (clients' documents under documents/); `private` files are
 * never cached by anyone and carry no image type.
 */
export function createS3Storage(config: S3Config, options: { prefix?: string; private?: boolean } = {}): MediaStorage & { check(): Promise<void>; close(): void } {
  const prefix = options.prefix ?? '';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Many S3-compatible stores do not know the newer checksum headers; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const headersOf = (key: string) => (options.private ? { ContentType: 'application/octet-stream', CacheControl: 'private, no-store' } : { ContentType: contentTypeOf(key), CacheControl: IMMUTABLE_CACHE_CONTROL });
  return {
    kind: 's3',
    /** Fails with the store's own reason when the bucket cannot be reached with these credentials. */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + key, Body: data, ...headersOf(key) }));
    },
    async putFile(key, file) {
      const { size } = await fs.stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + key, Body: createReadStream(file), ContentLength: size, ...headersOf(key) }));
      await fs.rm(file, { force: true });
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        return {
          body: object.Body as Readable,
          size: Number(object.ContentLength ?? 0),
          contentType: object.ContentType ?? contentTypeOf(key),
          etag: object.ETag,
        };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, ...(prefix ? { Prefix: prefix } : {}) }));
        for (const object of page.Contents ?? []) {
          // The media library's listing leaves out the documents kept under their own prefix.
          if (!object.Key || (!prefix && object.Key.startsWith(DOCUMENT_PREFIX))) continue;
          yield { key: object.Key.slice(prefix.length), size: Number(object.Size ?? 0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
