import { normaliseList, type EnquiryLine } from '@catalogue/shared/domain/enquiry-list';

/**
 * A second copy of the list outside local storage (IndexedDB `CartDB` version 2, store
 * `cart` keyed by `_id`), read only when local storage has no list. It is a convenience: every
 * failure (private mode, no IndexedDB, quota) is swallowed and the list works without it.
 */
export type EnquiryMirror = {
  write: (lines: readonly EnquiryLine[]) => Promise<void>;
  read: () => Promise<EnquiryLine[]>;
};

export const MIRROR_DB_NAME = 'CartDB';
export const MIRROR_DB_VERSION = 2;
export const MIRROR_STORE = 'cart';

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function createIndexedDbMirror(
  factory: () => IDBFactory | undefined = () => (typeof indexedDB === 'undefined' ? undefined : indexedDB),
): EnquiryMirror {
  let database: Promise<IDBDatabase> | null = null;

  const open = () =>
    (database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const idb = factory();
      if (!idb) return reject(new Error('IndexedDB is not available'));
      const request = idb.open(MIRROR_DB_NAME, MIRROR_DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(MIRROR_STORE)) {
          request.result.createObjectStore(MIRROR_STORE, { keyPath: '_id' });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('IndexedDB upgrade blocked'));
    }));

  return {
    async write(lines) {
      const db = await open();
      const transaction = db.transaction(MIRROR_STORE, 'readwrite');
      const store = transaction.objectStore(MIRROR_STORE);
      store.clear();
      for (const line of lines) store.put(line);
      await done(transaction);
    },
    async read() {
      const db = await open();
      const transaction = db.transaction(MIRROR_STORE, 'readonly');
      const request = transaction.objectStore(MIRROR_STORE).getAll();
      await done(transaction);
      return normaliseList(request.result);
    },
  };
}
