import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, mediaBaseUrl, parseEnv, REPO_ROOT, siteUrlWarning } from './env.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, PGlite under ./data', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('parses lists, booleans and trims the site URL', () => {
    const env = parseEnv({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SEED_DEMO: 'false',
      SITE_URL: 'https://shop.example/',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.SITE_URL).toBe('https://shop.example');
    expect(env.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it('starts with variables it does not know in the environment, such as the removed V8 settings', () => {
    const env = parseEnv({ HEAP_GROWTH_PERCENT: '25', BASELINE_COMPILER: 'sometimes', SOMETHING_ELSE: 'x' });
    expect(env.PORT).toBe(3000);
    expect('HEAP_GROWTH_PERCENT' in env).toBe(false);
    expect('BASELINE_COMPILER' in env).toBe(false);
  });

  it('requires e-mail verification and leaves trade approval off unless told otherwise', () => {
    expect(parseEnv({}).EMAIL_VERIFICATION).toBe('required');
    expect(parseEnv({}).TRADE_APPROVAL).toBe(false);
    expect(parseEnv({ EMAIL_VERIFICATION: 'off', TRADE_APPROVAL: 'on' })).toMatchObject({
      EMAIL_VERIFICATION: 'off',
      TRADE_APPROVAL: true,
    });
    expect(() => parseEnv({ EMAIL_VERIFICATION: 'maybe' })).toThrow(/EMAIL_VERIFICATION/);
    expect(() => parseEnv({ TRADE_APPROVAL: 'sometimes' })).toThrow(/TRADE_APPROVAL/);
  });

  it('resolves a relative DATA_DIR from where the command was run', () => {
    expect(parseEnv({ DATA_DIR: 'store', INIT_CWD: '/srv/app' }).dataDir).toBe('/srv/app/store');
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SITE_URL: 'not a url', SIGNING_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SITE_URL', 'SIGNING_SECRET'])
      expect(problems).toContain(name);
  });

  it('warns about an unset SITE_URL in production only', () => {
    expect(siteUrlWarning(parseEnv({}))).toBe(
      "SITE_URL is not set: canonical links, the sitemap and e-mails will point at http://localhost:3000; set SITE_URL to the site's public address",
    );
    expect(siteUrlWarning(parseEnv({ SITE_URL: 'https://shop.example' }))).toBeNull();
    expect(siteUrlWarning(parseEnv({ NODE_ENV: 'development' }))).toBeNull();
    expect(siteUrlWarning(parseEnv({ NODE_ENV: 'test' }))).toBeNull();
  });

  it('builds picture addresses from MEDIA_BASE_URL, else SITE_URL; prices are private by default', () => {
    expect(mediaBaseUrl(parseEnv({ SITE_URL: 'https://shop.example/' }))).toBe('https://shop.example');
    expect(
      mediaBaseUrl(
        parseEnv({ SITE_URL: 'https://shop.example', MEDIA_BASE_URL: 'https://cdn.example/jewels/' }),
      ),
    ).toBe('https://cdn.example/jewels');
    expect(() => parseEnv({ MEDIA_BASE_URL: 'ftp://cdn.example' })).toThrow(/MEDIA_BASE_URL/);
    expect(() => parseEnv({ MEDIA_BASE_URL: 'not a url' })).toThrow(/MEDIA_BASE_URL/);
    expect(parseEnv({}).PUBLIC_PRICES).toBe(false);
    expect(parseEnv({ PUBLIC_PRICES: 'true' }).PUBLIC_PRICES).toBe(true);
    expect(() => parseEnv({ PUBLIC_PRICES: 'maybe' })).toThrow(/PUBLIC_PRICES/);
  });

  it('keeps pictures in DATA_DIR/media unless MEDIA_STORE=s3, which needs a bucket', () => {
    expect(parseEnv({})).toMatchObject({
      MEDIA_STORE: 'directory',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    const s3 = parseEnv({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'jaipur-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'auto',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3).toMatchObject({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'jaipur-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_REGION: 'auto',
    });
    const problemsOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf({ MEDIA_STORE: 's3' })).toEqual([
      'S3_BUCKET: is required when MEDIA_STORE is s3 (the bucket that keeps the pictures)',
    ]);
    expect(problemsOf({ MEDIA_STORE: 'bucket' })).toEqual(['MEDIA_STORE: must be directory or s3']);
    expect(problemsOf({ MEDIA_STORE: 's3', S3_BUCKET: 'No_Such Bucket' })).toEqual([
      'S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    ]);
    expect(
      problemsOf({ MEDIA_STORE: 's3', S3_BUCKET: 'jaipur-media', S3_ENDPOINT: 'minio:9000' })[0],
    ).toMatch(/^S3_ENDPOINT: /);
    expect(problemsOf({ S3_BUCKET: 'jaipur-media' })).toEqual([
      'MEDIA_STORE: is directory but S3_BUCKET or S3_ENDPOINT is set; set MEDIA_STORE=s3 to keep the pictures in the bucket',
    ]);
    expect(problemsOf({ MEDIA_STORE: 's3', S3_BUCKET: 'jaipur-media', AWS_ACCESS_KEY_ID: 'key' })).toEqual([
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both, or neither',
    ]);
  });
});
