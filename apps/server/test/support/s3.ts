import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'korrigo-test';

/**
 * A local S3-compatible server (s3rver) on a free port with one empty bucket, its files in a temporary
 * directory. `env` is the S3_* configuration that points the app at it. s3rver knows one key pair,
 * S3RVER/S3RVER; it refuses an unknown access key but does not check signatures of version 4 (what the AWS
 * SDK sends), so a wrong secret cannot be shown refused here.
 */
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
