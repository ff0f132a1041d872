import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseEnv } from '../env.ts';
import { createLocalMediaStore, createS3MediaStore, s3ConfigOf } from '../modules/media/index.ts';
import { copyDirectoryToBucket } from './media-copy-run.ts';

/**
 * `npm run media:copy [-- --from DIR]`: copies a directory media store (default DATA_DIR/media)
 * into the bucket the settings name (MEDIA_STORE=s3, S3_BUCKET, ...), the same settings the
 * instances run with. Resumable: what is already there with the same size and checksum is skipped.
 */
const USAGE = 'usage: MEDIA_STORE=s3 S3_BUCKET=... npm run media:copy [-- --from DIR]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values: { from?: string | undefined };
try {
  ({ values } = parseArgs({ options: { from: { type: 'string' } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (env.MEDIA_STORE !== 's3') fail(`MEDIA_STORE must be s3 to name the bucket to copy into\n${USAGE}`);

const from = values.from
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from)
  : path.join(env.dataDir, 'media');
console.log(`Copying ${from} into the bucket ${env.S3_BUCKET}`);
const report = await copyDirectoryToBucket(
  createLocalMediaStore(from),
  createS3MediaStore(s3ConfigOf(env)),
  (line) => console.log(line),
);
console.log(
  `Copied ${report.copied} (${report.bytesCopied} bytes), skipped ${report.skipped} already there, failed ${report.failed}.`,
);
process.exit(report.failed ? 1 : 0);
