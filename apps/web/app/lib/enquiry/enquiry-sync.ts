import {
  clampQuantity,
  quantityInList,
  startingQuantity,
  toEnquiryLine,
  type EnquiryItemInput,
} from '@catalogue/shared/domain/enquiry-list';
import type { Cart } from '@catalogue/shared/schemas/cart';
import { apiRequest, readStoredSession } from '~/lib/api-client';
import { enquiryStore } from '~/lib/enquiry/enquiry-store';

/** Cart calls are made only when both a token and a userId are stored. */
function cartUserId(): string | null {
  const session = readStoredSession();
  return session?.token && session.userId ? session.userId : null;
}

const cartPath = (userId: string) => `/cart/${encodeURIComponent(userId)}`;

/**
 * Server calls run one after another, so quick clicks (+, +, −) reach the server in the order the
 * visitor made them and the last quantity wins there as it does here.
 */
let queue: Promise<void> = Promise.resolve();

function sendToServer(call: (userId: string) => Promise<unknown>, onFailure?: (error: unknown) => void) {
  const userId = cartUserId();
  if (!userId) return;
  queue = queue
    .then(() => call(userId))
    .then(
      () => undefined,
      (error: unknown) => onFailure?.(error),
    );
}

const warn = (what: string) => (error: unknown) => console.warn(`Could not ${what} on the server`, error);

/** Resolves when every server call started so far has finished. */
export function serverCallsSettled(): Promise<void> {
  return queue;
}

/**
 * The list's changes as screens make them: always in this browser first (the visitor sees the
 * change at once, and keeps it if the server fails), then on the server when logged in.
 * A 401 forgets the session in api-client and the local list stays.
 */
export const enquiryActions = {
  /** Without a quantity, a design starts at its minimum order. */
  add(product: EnquiryItemInput, quantity: number = startingQuantity(product)) {
    enquiryStore.add(product, quantity);
    const productId = toEnquiryLine(product)?._id;
    if (!productId) return;
    sendToServer(
      (userId) => apiRequest('/cart/add', { json: { userId, productId, quantity: clampQuantity(quantity) } }),
      warn('add to the enquiry list'),
    );
  },
  setQuantity(productId: string, quantity: number) {
    const before = quantityInList(enquiryStore.getSnapshot(), productId);
    enquiryStore.setQuantity(productId, quantity);
    const after = quantityInList(enquiryStore.getSnapshot(), productId);
    if (before === 0 || before === after) return;
    // A failed quantity update is ignored silently; the local list already shows it.
    sendToServer((userId) =>
      apiRequest('/cart/quantity', { method: 'PUT', json: { userId, productId, quantity: after } }),
    );
  },
  remove(productId: string) {
    if (quantityInList(enquiryStore.getSnapshot(), productId) === 0) return;
    enquiryStore.remove(productId);
    sendToServer(
      (userId) =>
        apiRequest(`/cart/remove/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`, {
          method: 'DELETE',
        }),
      warn('remove from the enquiry list'),
    );
  },
  clear() {
    enquiryStore.clear();
    sendToServer(
      (userId) => apiRequest(`/cart/clear/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
      warn('clear the enquiry list'),
    );
  },
};

function linesOf(cart: Cart): EnquiryItemInput[] {
  return cart.items.map((line) => ({
    _id: line.productId,
    name: line.name,
    code: line.code,
    price: line.price,
    quantity: line.quantity,
    imageUrl: line.imageUrl,
    imageurl: line.imageUrl,
    cloudinaryId: null,
    minOrderQuantity: line.minOrderQuantity,
  }));
}

/**
 * Replaces the browser's list with the server's (the first load of a logged-in visitor's list). When the visitor
 * changed the list while the answer was on its way, the server is asked again once those changes
 * have reached it, so the answer never undoes a click. Answers false (list untouched) on failure.
 */
export async function loadServerList(): Promise<boolean> {
  const userId = cartUserId();
  if (!userId) return false;
  try {
    const before = enquiryStore.getSnapshot();
    let cart = await apiRequest<Cart>(cartPath(userId));
    if (enquiryStore.getSnapshot() !== before) {
      await serverCallsSettled();
      cart = await apiRequest<Cart>(cartPath(userId));
    }
    enquiryStore.replace(linesOf(cart));
    return true;
  } catch {
    return false;
  }
}

/**
 * The first load of a page: the server's list when logged in; otherwise, or when that
 * fails, the list in local storage, and when local storage has none, the IndexedDB copy. Silent.
 */
export async function loadEnquiryList(): Promise<void> {
  if (await loadServerList()) return;
  await enquiryStore.restoreFromMirror();
}

/**
 * After a login: the list built while anonymous is merged into the server's (quantities
 * add), then the server's list is loaded. Never throws. When the merge fails the local list is
 * kept as it is rather than replaced by a server list that lacks it.
 */
export async function syncAfterLogin(): Promise<void> {
  const userId = cartUserId();
  if (!userId) return;
  const items = enquiryStore.getSnapshot().map((line) => ({ productId: line._id, quantity: line.quantity }));
  if (items.length) {
    try {
      await apiRequest('/cart/merge', { json: { userId, items } });
    } catch (error) {
      console.warn('Could not merge the enquiry list', error);
      return;
    }
  }
  await loadServerList();
}
