import { apiRequest } from '~/lib/api-client';

/** All Products' one write, as its route's `clientAction` receives it. */
export type ProductListWrite = { intent: 'delete'; id: string };

/** Performs All Products' write (the route's `clientAction`). */
export function sendProductListWrite(write: ProductListWrite): Promise<unknown> {
  return apiRequest(`/products/admin/${encodeURIComponent(write.id)}`, { method: 'DELETE' });
}
