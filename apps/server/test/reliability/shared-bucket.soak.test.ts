import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3MediaStore } from '../../src/modules/media/index.ts';
import { sampleImage } from '../image-fixtures.ts';
import { startTestS3, type TestS3 } from '../s3-server.ts';
import {
  adminToken,
  startPrivateCluster,
  startServer,
  tempDir,
  type PrivateCluster,
  type ServerProcess,
} from './processes.ts';

const CDN = 'https://cdn.example.com/shop';

/**
 * Two server processes with nothing shared on disk (a DATA_DIR each), one PostgreSQL database and
 * one S3 bucket (s3rver on loopback, started here): pictures live only in the bucket.
 */
describe('two processes on one bucket', () => {
  let cluster: PrivateCluster | null = null;
  let s3: TestS3 | null = null;
  const servers: ServerProcess[] = [];
  const dirs = [tempDir('bucket-a'), tempDir('bucket-b')];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    cluster?.remove();
    await s3?.remove();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves through B the picture uploaded through A, each variant made once; a bucket outage is a 503 that heals', async () => {
    cluster = await startPrivateCluster();
    s3 = await startTestS3();
    const env = (dataDir: string) => ({
      DATABASE_URL: cluster!.url,
      DATA_DIR: dataDir,
      MEDIA_BASE_URL: CDN,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...s3!.env,
    });
    servers.push(await startServer(env(dirs[0]!)));
    servers.push(await startServer(env(dirs[1]!)));
    const [a, b] = servers.map((s) => s.url) as [string, string];

    const admin = await adminToken(a);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Bucket Ring',
      description: 'x',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'BUCKET-1',
    }))
      form.set(k, v);
    form.set('image', new Blob([await sampleImage('jpeg', 900, 700)], { type: 'image/jpeg' }), 'ring.jpg');
    const added = await fetch(`${a}/api/products/admin/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(added.status).toBe(201);
    const { imageUrl } = ((await added.json()) as { product: { imageUrl: string } }).product;
    // The answer carries the CDN's address; the CDN would ask either process for /media/{id}.
    expect(imageUrl).toMatch(new RegExp(`^${CDN}/media/[0-9a-f-]{36}$`));
    const id = imageUrl.slice(imageUrl.lastIndexOf('/') + 1);

    const get = (base: string, query: string) =>
      fetch(`${base}/media/${id}${query}`, { headers: { accept: 'image/webp' } });
    for (const query of ['?w=400&h=400&fit=cover', '?w=600&h=600&dpr=2']) {
      const fromB = await get(b, query);
      expect(fromB.status, query).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      const bytesB = Buffer.from(await fromB.arrayBuffer());
      // A finds what B made in the bucket: the same bytes, the same validator.
      const fromA = await get(a, query);
      expect(fromA.status).toBe(200);
      expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));
      expect(Buffer.from(await fromA.arrayBuffer()).equals(bytesB)).toBe(true);
    }
    const bucket = createS3MediaStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const keys: string[] = [];
    for await (const entry of bucket.list('')) keys.push(entry.key);
    expect(keys.filter((k) => k.startsWith('originals/'))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith(`variants/${id.slice(0, 2)}/${id}-`)).sort()).toEqual([
      `variants/${id.slice(0, 2)}/${id}-400x400-cover-q86-d1-v1.webp`,
      `variants/${id.slice(0, 2)}/${id}-600x600-inside-q86-d2-v1.webp`,
    ]);
    // Nothing of the pictures on either machine's disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'media'))).toBe(false);

    await s3.stop();
    const down = await get(b, '?w=200&h=200');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      message: 'The picture store cannot be reached right now; please try again in a moment',
    });
    await s3.start();
    expect((await get(b, '?w=200&h=200')).status).toBe(200);
  });
});
