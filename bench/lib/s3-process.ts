// `node --import tsx bench/lib/s3-process.ts`: the tests' S3 server (s3rver on loopback) in a
// process of its own, so the bench's own waits (a seed run with spawnSync) never stall it. Prints
// one line `S3_ENV {json}` with the settings that point a server at its bucket, and runs until it
// is sent SIGTERM, when it removes its files.
import { startTestS3 } from '../../apps/server/test/s3-server.ts';

const s3 = await startTestS3('catalogue-bench-media');
process.stdout.write(`S3_ENV ${JSON.stringify(s3.env)}\n`);
process.once('SIGTERM', () => {
  void s3.remove().finally(() => process.exit(0));
});
