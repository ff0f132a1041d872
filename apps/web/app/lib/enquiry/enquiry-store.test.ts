import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import type { EnquiryMirror } from '~/lib/enquiry/enquiry-mirror';
import { ENQUIRY_STORAGE_KEY, createEnquiryStore, enquiryStore } from '~/lib/enquiry/enquiry-store';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { useEnquiryLoading } from '~/lib/enquiry/use-enquiry-loading';

const ring = {
  _id: 'ring',
  name: 'Ring',
  code: 'R1',
  price: 0,
  imageUrl: '/media/a',
  imageurl: '/media/a',
  cloudinaryId: 'a',
};
const pendant = {
  _id: 'pendant',
  name: 'Pendant',
  code: '',
  price: 5,
  imageUrl: null,
  imageurl: null,
  cloudinaryId: null,
};

const stored = () => JSON.parse(localStorage.getItem(ENQUIRY_STORAGE_KEY) ?? 'null');

describe('enquiry store', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('writes every change to local storage `cart`, and an empty list as []', () => {
    enquiryStore.add(ring);
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 1 })]);
    enquiryStore.add(ring, 2);
    expect(stored()[0].quantity).toBe(3);
    enquiryStore.setQuantity('ring', 0);
    expect(stored()[0].quantity).toBe(1);
    enquiryStore.remove('ring');
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
    enquiryStore.add(pendant);
    enquiryStore.clear();
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
  });

  it('loads and normalises what an earlier visit stored', () => {
    localStorage.setItem(
      ENQUIRY_STORAGE_KEY,
      JSON.stringify([
        { productId: 'ring', quantity: 0, price: '3' },
        { _id: 'ring', quantity: 2 },
      ]),
    );
    enquiryStore.reload();
    expect(enquiryStore.getSnapshot()).toEqual([
      expect.objectContaining({ _id: 'ring', quantity: 3, price: 3 }),
    ]);
  });

  it('treats damaged storage as an empty list', () => {
    localStorage.setItem(ENQUIRY_STORAGE_KEY, '{not json');
    enquiryStore.reload();
    expect(enquiryStore.getSnapshot()).toEqual([]);
  });

  it('keeps working in memory when storage refuses writes', () => {
    const store = createEnquiryStore(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    }));
    store.add(ring);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('does not notify when nothing changed', () => {
    const store = createEnquiryStore(() => null);
    store.add(ring);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.setQuantity('ring', 1);
    store.remove('nothing');
    expect(calls).toBe(0);
    store.setQuantity('ring', 4);
    expect(calls).toBe(1);
  });
});

describe('useEnquiryList', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('exposes the interface every screen uses, and all users see one list', () => {
    const a = renderHook(() => useEnquiryList());
    const b = renderHook(() => useEnquiryList());
    expect(a.result.current.count).toBe(0);
    expect(a.result.current.quantityOf('ring')).toBe(0);

    act(() => a.result.current.add(ring));
    act(() => a.result.current.add(pendant, 4));
    expect(b.result.current.count).toBe(2);
    expect(b.result.current.quantityOf('pendant')).toBe(4);

    act(() => b.result.current.setQuantity('pendant', 7));
    expect(a.result.current.quantityOf('pendant')).toBe(7);

    act(() => a.result.current.remove('ring'));
    expect(b.result.current.items.map((l) => l._id)).toEqual(['pendant']);

    act(() => b.result.current.clear());
    expect(a.result.current.count).toBe(0);
  });
});

/** An IndexedDB stand-in: what was last written, as `CartDB`'s store would hold it. */
function memoryMirror(initial: EnquiryLine[] = []) {
  let held = initial;
  const mirror: EnquiryMirror & { held: () => EnquiryLine[] } = {
    write: vi.fn(async (lines: readonly EnquiryLine[]) => {
      held = [...lines];
    }),
    read: vi.fn(async () => held),
    held: () => held,
  };
  return mirror;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('enquiry store mirror (IndexedDB CartDB)', () => {
  it('copies every change to the mirror, in order, the empty list included', async () => {
    const mirror = memoryMirror();
    const store = createEnquiryStore(() => memoryStorage(), mirror);
    store.add(ring);
    store.add(pendant, 2);
    store.setQuantity('ring', 5);
    await store.flush();
    expect(mirror.held().map((l) => [l._id, l.quantity])).toEqual([
      ['ring', 5],
      ['pendant', 2],
    ]);
    store.clear();
    await store.flush();
    expect(mirror.held()).toEqual([]);
    expect(mirror.write).toHaveBeenCalledTimes(4);
  });

  it('restores the mirror when local storage has no list, normalised', async () => {
    const mirror = memoryMirror([{ ...ring, quantity: 0 } as EnquiryLine]);
    const storage = memoryStorage();
    const store = createEnquiryStore(() => storage, mirror);
    await expect(store.restoreFromMirror()).resolves.toBe(true);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 1 })]);
    expect(JSON.parse(storage.getItem(ENQUIRY_STORAGE_KEY) ?? 'null')).toHaveLength(1);
  });

  it('restores the mirror when local storage is damaged', async () => {
    const mirror = memoryMirror([{ ...ring, quantity: 2 }]);
    const store = createEnquiryStore(() => memoryStorage({ [ENQUIRY_STORAGE_KEY]: '{oops' }), mirror);
    await expect(store.restoreFromMirror()).resolves.toBe(true);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('leaves a stored list alone, even an empty one (an emptied list stays empty)', async () => {
    const mirror = memoryMirror([{ ...ring, quantity: 2 }]);
    const store = createEnquiryStore(() => memoryStorage({ [ENQUIRY_STORAGE_KEY]: '[]' }), mirror);
    await expect(store.restoreFromMirror()).resolves.toBe(false);
    expect(store.getSnapshot()).toEqual([]);
    expect(mirror.read).not.toHaveBeenCalled();
  });

  it('never lets a failing mirror break the list', async () => {
    const broken: EnquiryMirror = {
      write: () => Promise.reject(new Error('QuotaExceededError')),
      read: () => Promise.reject(new Error('InvalidStateError')),
    };
    const store = createEnquiryStore(() => memoryStorage(), broken);
    store.add(ring);
    await expect(store.flush()).resolves.toBeUndefined();
    expect(store.getSnapshot()).toHaveLength(1);
    const empty = createEnquiryStore(() => memoryStorage(), broken);
    await expect(empty.restoreFromMirror()).resolves.toBe(false);
  });

  it('works where IndexedDB does not exist (jsdom, some private modes)', async () => {
    localStorage.clear();
    enquiryStore.reload();
    enquiryStore.add(ring);
    await enquiryStore.flush();
    await expect(enquiryStore.restoreFromMirror()).resolves.toBe(false);
    expect(enquiryStore.getSnapshot()).toHaveLength(1);
  });
});

describe('several tabs', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('reloads the list when another tab changes `cart`, and ignores other keys', () => {
    renderHook(() => useEnquiryLoading());
    const list = renderHook(() => useEnquiryList());
    expect(list.result.current.count).toBe(0);

    localStorage.setItem(ENQUIRY_STORAGE_KEY, JSON.stringify([ring, pendant]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'x' }));
    });
    expect(list.result.current.count).toBe(0);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ENQUIRY_STORAGE_KEY }));
    });
    expect(list.result.current.count).toBe(2);

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(list.result.current.count).toBe(0);
  });
});
