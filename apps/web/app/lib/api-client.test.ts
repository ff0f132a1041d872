import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productPageSchema } from '@catalogue/shared/schemas/product';
import {
  ApiError,
  SESSION_EVENT,
  MALFORMED_ANSWER,
  apiRequest,
  getJson,
  clearStoredSession,
  readStoredSession,
  storeSession,
} from '~/lib/api-client';

function answer(status: number, body?: unknown, raw?: string) {
  return vi.fn<typeof fetch>(
    async () => new Response(raw ?? (body === undefined ? null : JSON.stringify(body)), { status }),
  );
}

const headersOf = (fetcher: ReturnType<typeof answer>) => new Headers(fetcher.mock.calls[0]?.[1]?.headers);

describe('apiRequest', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('sends the stored token as a bearer header, and none when nobody is logged in', async () => {
    const anonymous = answer(200, { ok: 1 });
    await apiRequest('/products', { fetcher: anonymous });
    expect(headersOf(anonymous).get('authorization')).toBeNull();

    storeSession({ token: 'abc', userId: 'u1', role: 'user' });
    const fetcher = answer(200, { ok: 1 });
    await expect(apiRequest('/cart/u1', { fetcher })).resolves.toEqual({ ok: 1 });
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/cart/u1');
    expect(headersOf(fetcher).get('authorization')).toBe('Bearer abc');
  });

  it('sends JSON bodies with their content type and POST by default, and passes extra headers', async () => {
    const fetcher = answer(201, { id: 1 });
    await apiRequest('/api/orders/submit-order', {
      json: { a: 1 },
      headers: { 'Idempotency-Key': 'k-1' },
      fetcher,
    });
    const init = fetcher.mock.calls[0]?.[1];
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/orders/submit-order');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headersOf(fetcher).get('content-type')).toBe('application/json');
    expect(headersOf(fetcher).get('idempotency-key')).toBe('k-1');
  });

  it('answers undefined for 204', async () => {
    await expect(
      apiRequest('/users/logout', { method: 'POST', fetcher: answer(204) }),
    ).resolves.toBeUndefined();
  });

  it('turns a JSON error into an ApiError with status, message, code and issues', async () => {
    const fetcher = answer(400, {
      message: 'Invalid request',
      code: 'VALIDATION',
      issues: [{ path: 'email', message: 'email must be a valid e-mail address' }],
    });
    const error = await apiRequest('/orders/submit-order', { json: {}, fetcher }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      code: 'VALIDATION',
      issues: [{ path: 'email', message: 'email must be a valid e-mail address' }],
    });
  });

  it('names the status when the error body is not JSON', async () => {
    const error = await apiRequest('/x', {
      fetcher: answer(502, undefined, '<html>Bad gateway</html>'),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Server error: 502', issues: [] });
  });

  it('a 401 forgets token, userId and role, tells the page, and keeps the enquiry list', async () => {
    storeSession({ token: 'abc', userId: 'u1', role: 'admin' });
    localStorage.setItem('cart', '[{"_id":"ring","quantity":2}]');
    const heard = vi.fn();
    window.addEventListener(SESSION_EVENT, heard);
    const error = await apiRequest('/cart/u1', { fetcher: answer(401, { message: 'Unauthorized' }) }).catch(
      (e: unknown) => e,
    );
    window.removeEventListener(SESSION_EVENT, heard);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(readStoredSession()).toBeNull();
    for (const key of ['token', 'userId', 'role']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('cart')).toBe('[{"_id":"ring","quantity":2}]');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a 401 to an anonymous call (a wrong password) leaves storage alone', async () => {
    localStorage.setItem('cart', '[]');
    const heard = vi.fn();
    window.addEventListener(SESSION_EVENT, heard);
    await apiRequest('/users/login', {
      json: {},
      fetcher: answer(401, { message: 'Invalid email or password' }),
    }).catch(() => undefined);
    window.removeEventListener(SESSION_EVENT, heard);
    expect(heard).not.toHaveBeenCalled();
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it('a network failure is an ApiError with status 0', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('/products', { fetcher }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'No response from server. Please try again.' });
  });

  it('a caller that aborts gets its AbortError, not a status 0', async () => {
    const controller = new AbortController();
    const fetcher = vi.fn<typeof fetch>(async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });
    const error = await apiRequest('/products', { fetcher, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('stores and forgets token, userId and role together', () => {
    expect(readStoredSession()).toBeNull();
    storeSession({ token: 't', userId: 'u', role: 'admin' });
    expect(readStoredSession()).toEqual({ token: 't', userId: 'u', role: 'admin' });
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
  });
});

describe('getJson', () => {
  const pageSchema = productPageSchema;
  const page = { products: [], currentPage: 1, totalPages: 1, totalItems: 0 };

  it('answers what the schema promises, without fields it does not know', async () => {
    const fetcher = answer(200, { ...page, debug: 'x' });
    await expect(getJson('/products/admin/paginated?page=1', pageSchema, { fetcher })).resolves.toEqual(page);
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/products/admin/paginated?page=1');
    expect(fetcher.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('refuses an answer of another shape with an error naming the first wrong field', async () => {
    const fetcher = answer(200, { ...page, totalPages: 'one' });
    const error = await getJson('/products/admin/paginated', pageSchema, { fetcher }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: MALFORMED_ANSWER,
      message:
        "The server's answer was not in the expected form (totalPages: Invalid input: expected number, received string).",
      issues: [{ path: 'totalPages', message: 'Invalid input: expected number, received string' }],
    });
  });

  it('refuses an empty answer where the schema wants an object', async () => {
    const error = await getJson('/admin/dashboard', pageSchema, { fetcher: answer(204) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: MALFORMED_ANSWER,
      message:
        "The server's answer was not in the expected form (the answer: Invalid input: expected object, received undefined).",
    });
  });

  it('passes on the server refusal as it is', async () => {
    const error = await getJson('/users/all', pageSchema, {
      fetcher: answer(403, { message: 'Forbidden', code: 'FORBIDDEN' }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: 'Forbidden', code: 'FORBIDDEN' });
  });
});
