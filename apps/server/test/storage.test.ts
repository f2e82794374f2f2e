import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/env';
import {
  createLocalStorage,
  createS3Storage,
  openStorageOrExit,
  type S3Settings,
  type Storage,
} from '../src/platform/storage';
import { S3_TEST_BUCKET, startS3Server } from './support/s3';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s3.endpoint,
  bucket: S3_TEST_BUCKET,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  region: 'us-east-1',
  forcePathStyle: true,
  ...overrides,
});

const bytes = (text: string) => new TextEncoder().encode(text);
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

// one contract, both implementations: what a module stores on disk it finds the same way in a bucket
describe.each([
  ['local disk', () => createLocalStorage(dataDir)],
  ['S3-compatible', () => createS3Storage(settings())],
] as const)('[STORAGE] %s', (_name, open) => {
  let storage: Storage;
  beforeAll(() => {
    storage = open();
  });

  it('stores bytes under a random key below the prefix, reads, lists and deletes them', async () => {
    const key = await storage.put('uploads/user-1', bytes('Aufsatz'));
    expect(key).toMatch(new RegExp(`^uploads/user-1/${uuid}$`));
    expect((await storage.get(key))?.toString()).toBe('Aufsatz');
    expect(await storage.list('uploads/user-1')).toEqual([key]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.list('uploads/user-1')).toEqual([]);
  });

  it('answers a missing key with null and deletes it without complaint', async () => {
    const missing = 'uploads/user-2/00000000-0000-4000-8000-000000000000';
    expect(await storage.get(missing)).toBeNull();
    await expect(storage.delete(missing)).resolves.toBeUndefined();
    expect(await storage.list('uploads/nobody')).toEqual([]);
  });

  it('lists every key below a prefix and nothing of a neighbour whose name starts alike', async () => {
    const keys = [];
    for (const text of ['a', 'b', 'c']) keys.push(await storage.put('uploads/user-3', bytes(text)));
    await storage.put('uploads/user-30', bytes('d'));
    expect(await storage.list('uploads/user-3/')).toEqual(keys.sort());
  });

  it("lists the whole storage for the prefix ''", async () => {
    const upload = await storage.put('uploads/user-4', bytes('e'));
    const image = await storage.put('profile-images/user-4', bytes('f'));
    const all = await storage.list('');
    expect(all).toContain(upload);
    expect(all).toContain(image);
    expect(all).toEqual([...all].sort());
  });

  it('keeps a prefix to letters, digits, - and _, so no caller text can become a path or a name', async () => {
    const key = await storage.put('uploads/../../Max Mustermann.pdf', bytes('x'));
    expect(key).toMatch(new RegExp(`^uploads/MaxMustermannpdf/${uuid}$`));
    expect(key).not.toContain('..');
    await expect(storage.get('uploads/../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.get('/absolute/key')).rejects.toThrow('invalid storage key');
    await expect(storage.put('../..', bytes('x'))).rejects.toThrow('empty storage prefix');
  });
});

describe('[STORAGE] S3 access', () => {
  it('is refused with an access key the server does not know', async () => {
    const stranger = createS3Storage(settings({ accessKeyId: 'UNKNOWN' }));
    await expect(stranger.put('uploads/user-4', bytes('x'))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });

  it('stops the process with exit code 78 at start-up when the bucket is missing', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('exit');
    }) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const config = loadConfig({ ...s3.env, S3_BUCKET: 'kein-bucket', DATA_DIR: dataDir });
      await expect(openStorageOrExit(config)).rejects.toThrow('exit');
      expect(exit).toHaveBeenCalledWith(78);
      expect(error.mock.calls[0]?.[0]).toMatch(/Objektspeicher nicht nutzbar: Bucket „kein-bucket“/);
      // with the bucket there, it opens
      await expect(openStorageOrExit(loadConfig({ ...s3.env, DATA_DIR: dataDir }))).resolves.toBeDefined();
    } finally {
      exit.mockRestore();
      error.mockRestore();
    }
  });
});
