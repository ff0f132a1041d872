import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import helmet from '@fastify/helmet';
import {
  API_CONTENT_SECURITY_POLICY,
  HELMET_OPTIONS,
  mediaImageSources,
  pageContentSecurityPolicy,
  registerSecurity,
} from './security.ts';

describe('registerSecurity', () => {
  it('gives each request its own nonce, the same every time it is read', async () => {
    const app = Fastify();
    await registerSecurity(app);
    app.get('/page', async (request) => ({ first: request.cspNonce, again: request.cspNonce }));
    const nonces = [];
    for (let i = 0; i < 3; i++) {
      const { first, again } = (await app.inject({ url: '/page' })).json<{ first: string; again: string }>();
      expect(again).toBe(first);
      expect(Buffer.from(first, 'base64')).toHaveLength(16);
      nonces.push(first);
    }
    expect(new Set(nonces).size).toBe(3);
    await app.close();
  });

  it('sends the headers @fastify/helmet sends with our options, and the strict policy, on every answer', async () => {
    const reference = Fastify();
    await reference.register(helmet, HELMET_OPTIONS);
    reference.get('/json', async () => ({ ok: true }));
    const expected = (await reference.inject({ url: '/json' })).headers;
    await reference.close();
    const helmetNames = Object.keys(expected).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    );
    expect(helmetNames.length).toBeGreaterThanOrEqual(10);

    const app = Fastify();
    await registerSecurity(app);
    app.get('/json', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/json', '/fails', '/missing']) {
      const response = await app.inject({ url });
      for (const name of helmetNames)
        expect([url, name, response.headers[name]]).toEqual([url, name, expected[name]]);
      expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    }
    await app.close();
  });
});

describe('page policy and the media origin', () => {
  it('admits pictures from MEDIA_BASE_URL when it is another origin', () => {
    expect(mediaImageSources('https://shop.example', 'https://shop.example')).toEqual([]);
    expect(mediaImageSources('https://shop.example/assets', 'https://shop.example')).toEqual([]);
    expect(mediaImageSources('http://media.internal:8080/x', 'https://shop.example')).toEqual([
      'http://media.internal:8080',
    ]);
    const policy = pageContentSecurityPolicy({ nonce: 'n0nce' }, ['http://media.internal:8080']);
    expect(policy).toContain("img-src 'self' http://media.internal:8080 data: blob: https:");
    expect(pageContentSecurityPolicy({ nonce: 'n0nce' })).toContain("img-src 'self' data: blob: https:");
  });

  it('sends the media origin in the policy of every page', async () => {
    const app = Fastify();
    await registerSecurity(app, { imageSources: ['http://media.internal:8080'] });
    const { setPagePolicy } = await import('./security.ts');
    app.get('/page', async (_request, reply) => {
      setPagePolicy(reply, 'abc');
      return 'ok';
    });
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "img-src 'self' http://media.internal:8080 ",
    );
    await app.close();
  });
});
