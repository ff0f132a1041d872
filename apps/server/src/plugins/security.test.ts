import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, registerSecurity } from './security.ts';

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

  it('sends the strict policy and the helmet headers on answers that never read the nonce', async () => {
    const app = Fastify();
    await registerSecurity(app);
    app.get('/json', async () => ({ ok: true }));
    const response = await app.inject({ url: '/json' });
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    await app.close();
  });
});
