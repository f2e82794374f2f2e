import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * File storage. Keys are random ids under a prefix chosen by the caller (e.g. the owner's id), never a
 * user's file name. Local disk under DATA_DIR/files is the default.
 */
export type Storage = {
  put(prefix: string, data: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'files');
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    // Keys come from us, but a path outside the root must never be reachable even if one is tampered with.
    if (!file.startsWith(root + path.sep)) throw new Error('invalid storage key');
    return file;
  };
  return {
    async put(prefix, data) {
      const key = `${prefix.replace(/[^a-zA-Z0-9_/-]/g, '')}/${crypto.randomUUID()}`;
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
