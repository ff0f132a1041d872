import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_STORAGE_KEY, enquiryStore } from '~/lib/enquiry/enquiry-store';
import {
  enquiryActions,
  loadEnquiryList,
  loadServerList,
  serverCallsSettled,
  syncAfterLogin,
} from '~/lib/enquiry/enquiry-sync';

const ring = { _id: 'ring', name: 'Ring', code: 'R1', price: 3, imageUrl: '/media/a', cloudinaryId: 'a' };
const pendant = { _id: 'pendant', name: 'Pendant', code: 'P1', price: 0, imageUrl: null };

type Call = { method: string; url: string; body: unknown; authorization: string | null; key: string | null };

/** A fake server: records every call and answers with whatever `answer` says for it. */
function fakeServer(
  answer: (call: Call) => { status: number; body?: unknown } = () => ({ status: 200, body: {} }),
) {
  const calls: Call[] = [];
  const fetcher = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
      key: headers.get('idempotency-key'),
    };
    calls.push(call);
    const { status, body } = answer(call);
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

const serverCart = (items: { productId: string; quantity: number; name?: string }[]) => ({
  userId: 'u1',
  items: items.map((i) => ({ name: i.productId, code: '', price: 0, imageUrl: null, ...i })),
});

function logIn() {
  localStorage.setItem('token', 't0k');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('role', 'user');
}

const stored = () =>
  JSON.parse(localStorage.getItem(ENQUIRY_STORAGE_KEY) ?? 'null') as { _id: string; quantity: number }[];

describe('enquiry list server sync', () => {
  beforeEach(async () => {
    await serverCallsSettled();
    localStorage.clear();
    enquiryStore.reload();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('makes no server call while anonymous', async () => {
    const calls = fakeServer();
    enquiryActions.add(ring);
    enquiryActions.setQuantity('ring', 3);
    enquiryActions.remove('ring');
    enquiryActions.clear();
    await serverCallsSettled();
    await expect(loadServerList()).resolves.toBe(false);
    expect(calls).toEqual([]);
  });

  it('makes no server call with a token but no userId', async () => {
    const calls = fakeServer();
    localStorage.setItem('token', 't0k');
    enquiryActions.add(ring);
    await serverCallsSettled();
    expect(calls).toEqual([]);
  });

  it('sends add, quantity, remove and clear with the bearer token, in order', async () => {
    logIn();
    const calls = fakeServer();
    enquiryActions.add(ring, 2);
    enquiryActions.setQuantity('ring', 5);
    enquiryActions.setQuantity('ring', 0);
    enquiryActions.remove('ring');
    enquiryActions.add(pendant);
    enquiryActions.clear();
    await serverCallsSettled();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/cart/add', { userId: 'u1', productId: 'ring', quantity: 2 }],
      ['PUT', '/api/cart/quantity', { userId: 'u1', productId: 'ring', quantity: 5 }],
      ['PUT', '/api/cart/quantity', { userId: 'u1', productId: 'ring', quantity: 1 }],
      ['DELETE', '/api/cart/remove/u1/ring', undefined],
      ['POST', '/api/cart/add', { userId: 'u1', productId: 'pendant', quantity: 1 }],
      ['DELETE', '/api/cart/clear/u1', undefined],
    ]);
    expect(calls.every((c) => c.authorization === 'Bearer t0k')).toBe(true);
  });

  it('sends nothing when a change changes nothing', async () => {
    logIn();
    enquiryStore.add(ring, 2);
    const calls = fakeServer();
    enquiryActions.setQuantity('ring', 2);
    enquiryActions.setQuantity('unknown', 4);
    enquiryActions.remove('unknown');
    await serverCallsSettled();
    expect(calls).toEqual([]);
  });

  it('ignores a failed quantity update silently and keeps the local quantity', async () => {
    logIn();
    enquiryStore.add(ring);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer(() => ({ status: 500, body: { message: 'boom' } }));
    enquiryActions.setQuantity('ring', 7);
    await serverCallsSettled();
    expect(stored()[0]?.quantity).toBe(7);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the local change when the server is unreachable', async () => {
    logIn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer(() => ({ status: 0 }));
    enquiryActions.add(ring);
    await serverCallsSettled();
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 1 })]);
  });

  it('a 401 logs the visitor out and keeps their local list', async () => {
    logIn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = fakeServer(() => ({ status: 401, body: { message: 'Unauthorized' } }));
    enquiryActions.add(ring);
    await serverCallsSettled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring' })]);
    // Logged out now: later changes stay local.
    enquiryActions.add(pendant);
    await serverCallsSettled();
    expect(calls).toHaveLength(1);
  });

  it('first load: the server list replaces the local one when logged in', async () => {
    logIn();
    enquiryStore.add(pendant);
    fakeServer(() => ({ status: 200, body: serverCart([{ productId: 'ring', quantity: 4, name: 'Ring' }]) }));
    await loadEnquiryList();
    expect(enquiryStore.getSnapshot()).toEqual([
      expect.objectContaining({ _id: 'ring', quantity: 4, name: 'Ring', price: 0 }),
    ]);
  });

  it('first load: a failing server leaves the local list as it is, silently', async () => {
    logIn();
    enquiryStore.add(pendant, 3);
    fakeServer(() => ({ status: 500, body: { message: 'down' } }));
    await loadEnquiryList();
    expect(enquiryStore.getSnapshot()).toEqual([expect.objectContaining({ _id: 'pendant', quantity: 3 })]);
  });

  it('first load: a change made while the answer travelled is not undone', async () => {
    logIn();
    let gets = 0;
    fakeServer((call) => {
      if (call.method !== 'GET') return { status: 200, body: {} };
      gets += 1;
      if (gets === 1) {
        // The visitor adds a design while the first answer is on its way.
        enquiryActions.add(ring);
        return { status: 200, body: serverCart([]) };
      }
      return { status: 200, body: serverCart([{ productId: 'ring', quantity: 1 }]) };
    });
    await loadServerList();
    expect(gets).toBe(2);
    expect(enquiryStore.getSnapshot()).toEqual([expect.objectContaining({ _id: 'ring' })]);
  });

  it('after login: merges the anonymous list (quantities add on the server) then loads the server list', async () => {
    enquiryStore.add(ring, 2);
    logIn();
    const calls = fakeServer((call) =>
      call.method === 'GET'
        ? {
            status: 200,
            body: serverCart([
              { productId: 'ring', quantity: 5 },
              { productId: 'pendant', quantity: 1 },
            ]),
          }
        : { status: 200, body: { message: 'Cart merged' } },
    );
    await syncAfterLogin();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/cart/merge'],
      ['GET', '/api/cart/u1'],
    ]);
    expect(calls[0]?.body).toEqual({ userId: 'u1', items: [{ productId: 'ring', quantity: 2 }] });
    expect(enquiryStore.getSnapshot().map((l) => [l._id, l.quantity])).toEqual([
      ['ring', 5],
      ['pendant', 1],
    ]);
  });

  it('after login: a failed merge warns and keeps the local list; it never throws', async () => {
    enquiryStore.add(ring, 2);
    logIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer(() => ({ status: 0 }));
    await expect(syncAfterLogin()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    expect(enquiryStore.getSnapshot()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 2 })]);
  });
});
