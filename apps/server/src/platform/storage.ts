import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../env';

/**
 * File storage (ADR 0016). Keys are random ids under a prefix chosen by the caller (e.g. the owner's id),
 * never a user's file name. Local disk under DATA_DIR/files is the default; S3-compatible object storage when
 * S3_* is set. Both behave alike (test/storage.test.ts runs one contract against both).
 */
export type Storage = {
  put(prefix: string, data: Uint8Array): Promise<string>;
  /** null when there is no such file (deleted, or never stored) */
  get(key: string): Promise<Buffer | null>;
  /** deleting a key that is not there is not an error */
  delete(key: string): Promise<void>;
  /**
   * every key under a prefix (`uploads/<userId>`), or every key of the storage for `''`: erasure and retention
   * find what a user left, tests list the whole storage before and after
   */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes the folders under a prefix that hold no file, the prefix's own included (an erased user's
   * `uploads/<id>`); a folder with a file stays. Object storage has no folders: nothing to do there.
   */
  removeEmptyFolders(prefix: string): Promise<void>;
};

/** A prefix keeps only letters, digits, `_`, `-` and `/`: whatever a caller passes, a key stays a plain path. */
function cleanPrefix(prefix: string): string {
  const clean = prefix
    .replace(/[^a-zA-Z0-9_/-]/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  if (!clean) throw new Error('empty storage prefix');
  return clean;
}

const keyPattern = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_-]+)+$/;

/** Keys come from us, but one read back from a tampered row must not reach anything else. */
function checkedKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error('invalid storage key');
  return key;
}

const newKey = (prefix: string) => `${cleanPrefix(prefix)}/${crypto.randomUUID()}`;

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'files');
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    // a path outside the root must never be reachable, whatever the key
    if (!file.startsWith(root + path.sep)) throw new Error('invalid storage key');
    return file;
  };
  return {
    async put(prefix, data) {
      const key = newKey(prefix);
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(checkedKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(checkedKey(key)), { force: true });
    },
    async list(prefix) {
      const directory = prefix === '' ? root : resolve(cleanPrefix(prefix));
      try {
        const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          .sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async removeEmptyFolders(prefix) {
      const prune = async (directory: string): Promise<void> => {
        let entries;
        try {
          entries = await fs.readdir(directory, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries) if (entry.isDirectory()) await prune(path.join(directory, entry.name));
        try {
          await fs.rmdir(directory);
        } catch (error) {
          // a file (or one written meanwhile) keeps its folder
          if (!['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes(String((error as NodeJS.ErrnoException).code))) {
            throw error;
          }
        }
      };
      await prune(resolve(cleanPrefix(prefix)));
    },
  };
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Garage, s3rver) */
  forcePathStyle: boolean;
};

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** S3-compatible object storage: the same keys as on disk, one object per key in one bucket. */
export function createS3Storage(settings: S3Settings): Storage & { check(): Promise<void> } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    /** the bucket is there and these credentials may use it (start-up, openStorageOrExit) */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(prefix, data) {
      const key = newKey(prefix);
      // no file name, no content type from the user: the object is bytes under a random key
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: 'application/octet-stream' }),
      );
      return key;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the disk's `force` does
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async list(prefix) {
      const keys: string[] = [];
      // 1000 keys a page; the next page starts after the last key seen (StartAfter), which every
      // S3-compatible server implements, continuation tokens not always alike
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix === '' ? undefined : `${cleanPrefix(prefix)}/`,
            StartAfter: keys.at(-1),
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        if (!page.IsTruncated || !page.Contents?.length) break;
      }
      return keys.sort();
    },
    // a key's "folder" exists only while an object has it
    async removeEmptyFolders() {},
  };
}

export function s3SettingsOf(config: Config): S3Settings | undefined {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) {
    return undefined;
  }
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY,
    secretAccessKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The one place that chooses: S3 when S3_* is set (env.ts checks they come together), else DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  const s3 = s3SettingsOf(config);
  return s3 ? createS3Storage(s3) : createLocalStorage(config.DATA_DIR);
}

/**
 * For the process entry points (server, worker), like loadConfigOrExit: with S3 configured, the bucket must
 * answer before the process takes uploads. A bucket that is missing or refuses these credentials is a wrong
 * configuration: the reason and exit code 78, which `npm start`'s supervisor does not restart. A storage that
 * cannot be reached at all (network, DNS) may come back: that is thrown, and the supervisor tries again.
 */
export async function openStorageOrExit(config: Config): Promise<Storage> {
  const s3 = s3SettingsOf(config);
  if (!s3) return createLocalStorage(config.DATA_DIR);
  const storage = createS3Storage(s3);
  try {
    await storage.check();
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    // a 5xx or no answer may pass; a 4xx (no such bucket, wrong key, no right) will not
    if (!(error instanceof S3ServiceException) || !status || status >= 500) throw error;
    console.error(
      [
        `Objektspeicher nicht nutzbar: Bucket „${s3.bucket}“ unter ${s3.endpoint} antwortet ${status} ${error.name}.`,
        status === 404
          ? '  Den Bucket anlegen oder S3_BUCKET korrigieren.'
          : '  S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION und die Rechte des Zugangs auf den Bucket prüfen.',
        `  (Object storage unusable: bucket "${s3.bucket}" at ${s3.endpoint} answered ${status} ${error.name}.)`,
      ].join('\n'),
    );
    process.exit(78);
  }
  return storage;
}
