import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
// s3rver ships no types: its constructor and run/close are all these tests use.
// @ts-expect-error -- an untyped CommonJS module
import S3rver from 's3rver';

// @ts-expect-error -- an untyped CommonJS module
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

type ObjectToPut = { bucket: string; key: string; content: Buffer | Readable; metadata: unknown };
type StoreInternals = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
};

/**
 * s3rver writes an object's file in place and answers before the write has finished, so a read
 * at the same moment gets part of it (AWS S3, MinIO and R2 show a new object whole or not at
 * all). Here its store writes beside the file and renames it once complete, as those services
 * behave: the tests then see what production would.
 */
(FilesystemStore as { prototype: Record<string, unknown> }).prototype.putObject = async function putObject(
  this: StoreInternals,
  object: ObjectToPut,
) {
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.mkdir(path.dirname(file), { recursive: true });
  let content: Buffer;
  if (Buffer.isBuffer(object.content)) content = object.content;
  else {
    const chunks: Buffer[] = [];
    for await (const chunk of object.content) chunks.push(chunk as Buffer);
    content = Buffer.concat(chunks);
  }
  const md5 = crypto.createHash('md5').update(content).digest('hex');
  const tmp = path.join(path.dirname(file), `.incoming-${crypto.randomUUID()}`);
  await fs.writeFile(tmp, content);
  await this.putMetadata(object.bucket, object.key, object.metadata, md5);
  await fs.rename(tmp, file);
  return { size: content.length, md5 };
};

type S3rverInstance = { run(): Promise<AddressInfo>; httpServer?: http.Server };
const S3rverClass = S3rver as new (options: Record<string, unknown>) => S3rverInstance;

export type TestS3 = {
  bucket: string;
  endpoint: string;
  /** The settings that point a server at this bucket. */
  env: Record<string, string>;
  /** Stops answering (every open connection is dropped), as a bucket that went away. */
  stop(): Promise<void>;
  /** Answers again on the same address, with the same objects. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, objects kept as files in a temporary folder) on loopback,
 * with one empty bucket. It checks the requests' signatures against its fixed key pair.
 */
export async function startTestS3(bucket = 'catalogue-media'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-s3-'));
  let port = 0;
  let server: S3rverInstance | null = null;
  const start = async () => {
    server = new S3rverClass({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const http = server?.httpServer;
    server = null;
    if (!http) return;
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop,
    start,
    async remove() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
