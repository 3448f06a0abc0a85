// s3rver ships no types; only what the S3 driver's test uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      configureBuckets?: Array<{ name: string; configs: string[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
