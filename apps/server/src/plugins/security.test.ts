import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import helmet from '@fastify/helmet';
import { API_CONTENT_SECURITY_POLICY, HELMET_OPTIONS, registerSecurity } from './security.ts';

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
