import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image files live. Keys are relative paths such as `2026/11/name-large.webp`, already
 * checked by the caller; a store for S3-compatible services can implement the same three calls.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** Absolute folder served at /uploads, for stores kept on local disk. */
  readonly directory?: string;
}

export function createDiskStorage(directory: string): MediaStorage {
  const root = path.resolve(directory);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Refusing a media key outside the store: ${key}`);
    return full;
  };
  return {
    directory: root,
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
