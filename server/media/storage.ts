import path from 'node:path';
import { createDiskStorage, type MediaStorage } from '../../domain/media/media-storage.ts';
import type { AppConfig } from '../config.ts';

/**
 * The media store the configuration names: DATA_DIR/uploads, or the S3-compatible bucket (the
 * AWS SDK is loaded only then: it adds about 130 ms to a start that does not need it).
 */
export async function createMediaStorage(config: AppConfig): Promise<MediaStorage & { check?(): Promise<void>; close?(): void }> {
  if (config.media.storage === 's3') return (await import('./s3-storage.ts')).createS3Storage(config.media);
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
