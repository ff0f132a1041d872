import {
  addToList,
  clearList,
  normaliseList,
  parseStoredList,
  removeLine,
  setLineQuantity,
  type EnquiryItemInput,
  type EnquiryLine,
} from '@catalogue/shared/domain/enquiry-list';
import { createIndexedDbMirror, type EnquiryMirror } from '~/lib/enquiry/enquiry-mirror';

/** Local storage key of the list; the value is a JSON array, `[]` when empty. */
export const ENQUIRY_STORAGE_KEY = 'cart';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type EnquiryStore = {
  getSnapshot: () => readonly EnquiryLine[];
  subscribe: (listener: () => void) => () => void;
  add: (product: EnquiryItemInput, quantity?: number) => void;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
  /** Takes another list whole (the server's, after a login), normalised like stored data. */
  replace: (lines: readonly EnquiryItemInput[]) => void;
  /** Re-reads storage, for when something outside this store changed it (another tab). */
  reload: () => void;
  /**
   * When local storage holds no readable list, takes the IndexedDB copy (local storage,
   * then the local database). Answers whether a list was taken; never throws.
   */
  restoreFromMirror: () => Promise<boolean>;
  /** Resolves once every change so far has reached the mirror (or failed to). */
  flush: () => Promise<void>;
};

const EMPTY: readonly EnquiryLine[] = Object.freeze([]);

/**
 * The enquiry list as an external store (read with useSyncExternalStore). Storage is read lazily
 * on first use so that importing this module on the server touches nothing; every change is
 * written back at once. A storage that refuses writes (private mode, quota) leaves the list working
 * in memory for this page.
 */
export function createEnquiryStore(
  storage: () => KeyValueStorage | null,
  mirror: EnquiryMirror | null = null,
): EnquiryStore {
  let items: readonly EnquiryLine[] | null = null;
  let mirrored: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();

  const storedText = (): string | null => {
    try {
      return storage()?.getItem(ENQUIRY_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  };

  const read = (): readonly EnquiryLine[] => {
    const list = parseStoredList(storedText());
    return list.length ? list : EMPTY;
  };

  /** A list is stored when the key holds a JSON array (`[]` included); missing or damaged is not. */
  const hasStoredList = () => {
    try {
      return Array.isArray(JSON.parse(storedText() ?? 'null'));
    } catch {
      return false;
    }
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const current = () => (items ??= read());

  const commit = (next: readonly EnquiryLine[]) => {
    items = next.length ? next : EMPTY;
    try {
      storage()?.setItem(ENQUIRY_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Keep the in-memory list; the next successful write stores everything.
    }
    if (mirror) {
      const snapshot = items;
      // Chained so the copies land in order; a failure never reaches the list.
      mirrored = mirrored.then(() => mirror.write(snapshot)).catch(() => undefined);
    }
    notify();
  };

  return {
    getSnapshot: current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (product, quantity) => commit(addToList(current(), product, quantity)),
    setQuantity: (productId, quantity) => {
      const next = setLineQuantity(current(), productId, quantity);
      if (next.some((line, i) => line !== current()[i])) commit(next);
    },
    remove: (productId) => {
      const next = removeLine(current(), productId);
      if (next.length !== current().length) commit(next);
    },
    clear: () => commit(clearList()),
    replace: (lines) => commit(normaliseList(lines)),
    reload() {
      items = read();
      notify();
    },
    async restoreFromMirror() {
      if (!mirror || hasStoredList()) return false;
      try {
        const lines = normaliseList(await mirror.read());
        if (!lines.length) return false;
        commit(lines);
        return true;
      } catch {
        return false;
      }
    },
    flush: () => mirrored,
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The one list of this browser tab. */
export const enquiryStore = createEnquiryStore(
  browserStorage,
  typeof window === 'undefined' ? null : createIndexedDbMirror(),
);

/** What the server renders: the list lives in the browser, so the first HTML shows none. */
export const getServerEnquirySnapshot = () => EMPTY;
