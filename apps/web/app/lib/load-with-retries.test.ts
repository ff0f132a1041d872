import { redirect } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadWithRetries } from './load-with-retries';

type Listing = { status: 'ok' | 'error' };

function recorder() {
  const waits: number[] = [];
  return { waits, wait: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

describe('loadWithRetries', () => {
  it('returns the first good answer without waiting', async () => {
    const { waits, wait } = recorder();
    const load = vi.fn().mockResolvedValue({ status: 'ok' });
    await expect(loadWithRetries<Listing>(load, { wait })).resolves.toEqual({ status: 'ok' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('tries 3 times, 1 s apart, and answers once one succeeds', async () => {
    const { waits, wait } = recorder();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ status: 'error' })
      .mockResolvedValueOnce({ status: 'ok' });
    const result = await loadWithRetries<Listing>(load, { wait, isFailed: (r) => r.status === 'error' });
    expect(result).toEqual({ status: 'ok' });
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it("after 3 failed attempts gives the page's error state, never a fourth request", async () => {
    const { waits, wait } = recorder();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await loadWithRetries<Listing>(load, { wait, onFailure: () => ({ status: 'error' }) });
    expect(result).toEqual({ status: 'error' });
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1000]);

    const failedEveryTime = vi.fn().mockResolvedValue({ status: 'error' });
    await expect(
      loadWithRetries<Listing>(failedEveryTime, { wait, isFailed: (r) => r.status === 'error' }),
    ).resolves.toEqual({ status: 'error' });
    expect(failedEveryTime).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it('rethrows the last error when the page has no error state of its own', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadWithRetries(load, { wait: () => Promise.resolve() })).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it('passes a redirect or a 404 on at once', async () => {
    const { wait } = recorder();
    const moved = vi.fn().mockRejectedValue(redirect('/login'));
    await expect(loadWithRetries(moved, { wait })).rejects.toBeInstanceOf(Response);
    expect(moved).toHaveBeenCalledTimes(1);
    // What a loader's thrown 404 becomes in the browser.
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: 'not-found' };
    const missing = vi.fn().mockRejectedValue(notFound);
    await expect(loadWithRetries(missing, { wait })).rejects.toBe(notFound);
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
