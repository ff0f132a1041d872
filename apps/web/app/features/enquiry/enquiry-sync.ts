import { apiRequest, readStoredSession } from '~/lib/api-client';
import { enquiryStore } from '~/features/enquiry/enquiry-store';

type ServerLine = {
  productId: string;
  name: string;
  code: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
};

/** Replaces the browser's list with the server's (spec §4, cart initial load). */
export async function loadServerList(): Promise<boolean> {
  const session = readStoredSession();
  if (!session?.userId) return false;
  try {
    const cart = await apiRequest<{ items: ServerLine[] }>(`/cart/${encodeURIComponent(session.userId)}`);
    enquiryStore.replace(
      cart.items.map((line) => ({
        _id: line.productId,
        name: line.name,
        code: line.code,
        price: line.price,
        quantity: line.quantity,
        imageUrl: line.imageUrl,
        imageurl: line.imageUrl,
        cloudinaryId: null,
      })),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * After a login (spec §4): the list built while anonymous is merged into the server's (quantities
 * add), then the server's list is loaded. Failures are silent; the local list stays.
 */
export async function syncAfterLogin(): Promise<void> {
  const session = readStoredSession();
  if (!session?.userId) return;
  const items = enquiryStore.getSnapshot().map((line) => ({ productId: line._id, quantity: line.quantity }));
  if (items.length) {
    try {
      await apiRequest('/cart/merge', { json: { userId: session.userId, items } });
    } catch (error) {
      console.warn('Could not merge the enquiry list', error);
    }
  }
  await loadServerList();
}
