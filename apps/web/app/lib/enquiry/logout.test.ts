import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_STORAGE_KEY, enquiryStore } from '~/lib/enquiry/enquiry-store';
import { logout } from '~/lib/use-session';

const ring = { _id: 'ring', name: 'Ring', code: 'R1', price: 0, imageUrl: null };

describe('logout and the enquiry list', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 't0k');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('role', 'user');
    enquiryStore.reload();
    enquiryStore.add(ring, 2);
    // jsdom cannot reload; its "not implemented" report is not what these tests look at.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells the server with the token, then forgets session and list in this browser only', async () => {
    const serverCalls = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', serverCalls);
    const logoutCall = vi.fn(async () => new Response(null, { status: 204 }));
    await logout(logoutCall);
    expect(logoutCall).toHaveBeenCalledWith(
      '/api/users/logout',
      expect.objectContaining({ method: 'POST', headers: { authorization: 'Bearer t0k' } }),
    );
    for (const key of ['token', 'userId', 'role']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
    expect(enquiryStore.getSnapshot()).toEqual([]);
    // The server keeps the list for the next login: no clear request.
    expect(serverCalls).not.toHaveBeenCalled();
  });

  it('ignores a failed logout request', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(logout(failing)).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(enquiryStore.getSnapshot()).toEqual([]);
  });
});
