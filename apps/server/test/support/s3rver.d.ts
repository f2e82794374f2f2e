// s3rver ships no types; the tests use this much of it (support/s3.ts)
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo | string | null>;
    close(): Promise<void>;
  }
}
