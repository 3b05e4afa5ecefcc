import path from 'node:path';
import { createDiskStorage, type MediaStorage } from '../../domain/media/media-storage.ts';
import type { AppConfig } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';

/** The media store the configuration names: DATA_DIR/uploads, or the S3-compatible bucket. */
export function createMediaStorage(config: AppConfig): MediaStorage & { check?(): Promise<void>; close?(): void } {
  if (config.media.storage === 's3') return createS3Storage(config.media);
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
