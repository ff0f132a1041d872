// @vitest-environment node
import type { AppLoadContext, EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { lowPriorityModulePreloads } from './entry.server';

vi.mock('react-router', () => ({ ServerRouter: ({ url }: { url: string }) => <p>page {url}</p> }));

const context = { isSpaMode: false } as EntryContext;
const loadContext = { nonce: 'n0nce' } as unknown as AppLoadContext;

async function render(userAgent: string) {
  const request = new Request('http://localhost/shopall', { headers: { 'user-agent': userAgent } });
  const response = await handleRequest(request, 200, new Headers(), context, loadContext);
  return { response, html: await response.text() };
}

describe('the server render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a browser', 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36'],
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ])('answers %s with the page and leaves no abort timer holding the finished render', async (_, ua) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { response, html } = await render(ua);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('http://localhost/shopall</p>');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lowPriorityModulePreloads', () => {
  async function through(chunks: string[]) {
    const stream = lowPriorityModulePreloads();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    for (const chunk of chunks) stream.write(Buffer.from(chunk));
    stream.end();
    await ended;
    return Buffer.concat(out).toString('utf8');
  }

  it('marks the head module preloads low priority, also when a tag is split between chunks', async () => {
    const html = await through([
      '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modu',
      'lepreload" href="/b.js"/><title>Hāra — हार</title></head>',
      '<body><link rel="modulepreload" href="/c.js"/></body></html>',
    ]);
    expect(html).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/b.js"/><title>Hāra — हार</title></head>' +
        '<body><link rel="modulepreload" href="/c.js"/></body></html>',
    );
  });

  it('passes multi-byte characters split between chunks through unchanged', async () => {
    const bytes = Buffer.from('<head><title>हार</title></head>');
    const stream = lowPriorityModulePreloads();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    stream.write(bytes.subarray(0, 15));
    stream.write(bytes.subarray(15));
    stream.end();
    await ended;
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
  });
});
