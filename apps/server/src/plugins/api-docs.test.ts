import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('/api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, accept = BROWSER_ACCEPT) =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('is a readable page for a browser, whose scripts, styles and icons all come from our origin', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui">');
    expect(res.body).toContain('<title>Jaipur jewellery catalogue API</title>');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/); // no inline script
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, 'an address on our own origin').toMatch(/^\/api\/docs\//);
      const served = await get(asset, '*/*');
      expect(served.statusCode, asset).toBe(200);
      expect(served.body.length, asset).toBeGreaterThan(0);
    }
    const scripts = assets.filter((a) => a.endsWith('.js'));
    expect(scripts.map((s) => s.split('/').at(-1))).toEqual([
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'swagger-initializer.js',
    ]);
    // The initializer points the viewer at our own document and at no third-party validator.
    const init = (await get('/api/docs/static/swagger-initializer.js', '*/*')).body;
    expect(init).toContain("resolveUrl('./json')");
    expect(init).toContain('validatorUrl: null');
  });

  it('is served under a policy that admits scripts, styles and fonts from our origin only', async () => {
    const res = await get('/api/docs');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("font-src 'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-eval|\*/);
    expect(policy.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
    const script = await get('/api/docs/static/swagger-ui-bundle.js', '*/*');
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the JSON at /api/docs/openapi.json, and keeps the earlier JSON addresses', async () => {
    const docs = await get('/api/docs/openapi.json', 'application/json');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^application\/json/);
    const document = docs.json();
    for (const [url, accept] of [
      ['/api/docs', 'application/json'],
      ['/api/docs', '*/*'],
      ['/api/docs/json', 'application/json'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, `${url} ${accept}`).toBe(200);
      expect(res.json(), `${url} ${accept}`).toEqual(document);
    }
  });

  it('is a valid OpenAPI 3 document that lists the API and documents the lighter blog list', async () => {
    const document = (await get('/api/docs/openapi.json', 'application/json')).json();
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/contact/send', '/api/blogs', '/api/cart/{userId}']),
    );
    const blogParams = document.paths['/api/blogs'].get.parameters as {
      name: string;
      description?: string;
    }[];
    expect(blogParams.find((p) => p.name === 'withContent')?.description).toMatch(/lighter list/);
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });
});
