import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';

function appWithLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app);
  return { app, lines };
}

const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('error handler', () => {
  it('does not log a client that hung up mid-answer as a server error', async () => {
    const { app, lines } = appWithLog();
    app.get('/gone', async (request) => {
      request.raw.destroy();
      throw prematureClose();
    });
    await app.inject({ method: 'GET', url: '/gone' }).catch(() => undefined);
    expect(lines.some((l) => l.level >= 50)).toBe(false);
    expect(lines.some((l) => l.msg.includes('closed the connection'))).toBe(true);
  });

  it('still logs the same error as a fault while the client is there, and hides it', async () => {
    const { app, lines } = appWithLog();
    app.get('/broken', async () => {
      throw prematureClose();
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
    expect(lines.some((l) => l.level === 50 && l.msg === 'request failed')).toBe(true);
  });
});
