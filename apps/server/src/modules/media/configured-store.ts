import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalMediaStore, type MediaStore } from './media-store.ts';
import { createS3MediaStore, type S3StoreConfig } from './s3-media-store.ts';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

type StoreEnv = Pick<
  Env,
  | 'dataDir'
  | 'MEDIA_STORE'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_FORCE_PATH_STYLE'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
>;

/** The bucket settings of a validated configuration (MEDIA_STORE=s3 guarantees S3_BUCKET). */
export function s3ConfigOf(env: StoreEnv): S3StoreConfig {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

/** The media store MEDIA_STORE names: DATA_DIR/media (the default) or the S3 bucket. */
export function createConfiguredMediaStore(env: StoreEnv, log?: Log): MediaStore {
  if (env.MEDIA_STORE === 's3') return createS3MediaStore(s3ConfigOf(env), log);
  return createLocalMediaStore(path.join(env.dataDir, 'media'));
}
