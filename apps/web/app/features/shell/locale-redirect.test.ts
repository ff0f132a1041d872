import { describe, expect, it, vi } from 'vitest';
import { LANG_AUTO_SET_KEY, findLocaleRedirect } from './locale-redirect';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  } as Storage;
}

const human = { webdriver: false, userAgent: 'Mozilla/5.0 Chrome/140' } as Navigator;
const geo = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('findLocaleRedirect', () => {
  it('sends a visitor without a prefix to their country locale, keeping path, query and hash', async () => {
    const storage = memoryStorage();
    const target = await findLocaleRedirect(at('/shopall', '?page=2', '#grid'), {
      storage,
      fetcher: geo({ country: 'FR', locale: 'fr-fr', language: 'fr' }),
      navigator: human,
    });
    expect(target).toBe('/fr-fr/shopall?page=2#grid');
    expect(storage.getItem(LANG_AUTO_SET_KEY)).toBe('true');
  });

  it('sends the home page to the bare prefix', async () => {
    const target = await findLocaleRedirect(at('/'), {
      storage: memoryStorage(),
      fetcher: geo({ locale: 'en-in' }),
      navigator: human,
    });
    expect(target).toBe('/en-in');
  });

  it('happens once per session', async () => {
    const fetcher = geo({ locale: 'en-in' });
    const target = await findLocaleRedirect(at('/'), {
      storage: memoryStorage({ [LANG_AUTO_SET_KEY]: 'true' }),
      fetcher,
      navigator: human,
    });
    expect(target).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('leaves a prefixed path alone', async () => {
    const fetcher = geo({ locale: 'en-in' });
    expect(
      await findLocaleRedirect(at('/hi/faq'), { storage: memoryStorage(), fetcher, navigator: human }),
    ).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('fails silently and still sets the flag', async () => {
    const storage = memoryStorage();
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await findLocaleRedirect(at('/'), { storage, fetcher: failing, navigator: human })).toBeNull();
    expect(storage.getItem(LANG_AUTO_SET_KEY)).toBe('true');
    const bad = geo({ locale: 'xx-yy' });
    expect(
      await findLocaleRedirect(at('/'), { storage: memoryStorage(), fetcher: bad, navigator: human }),
    ).toBeNull();
  });

  it('does not move crawlers and automated browsers', async () => {
    const fetcher = geo({ locale: 'en-in' });
    const bot = { webdriver: false, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' } as Navigator;
    expect(
      await findLocaleRedirect(at('/'), { storage: memoryStorage(), fetcher, navigator: bot }),
    ).toBeNull();
    const driven = { webdriver: true, userAgent: 'Mozilla/5.0 Chrome/140' } as Navigator;
    expect(
      await findLocaleRedirect(at('/'), { storage: memoryStorage(), fetcher, navigator: driven }),
    ).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });
});
