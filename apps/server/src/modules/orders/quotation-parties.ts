/** Who acts: the signed-in user, with the role from the database. */
export type Actor = { id: string; name: string; role: string };

/** How a reader stands to a request: its buyer, an admin, or nobody (then it does not exist for them). */
export type Access = 'owner' | 'admin' | null;

/** The one answer for a request that does not exist or that the reader may not see. */
export const ORDER_NOT_FOUND = 'Order not found';
