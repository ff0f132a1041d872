/** The rows the orders repository reads and writes, and the filter of its lists. */
import type { OrderStatus } from '@catalogue/shared/domain/quotation';

export type NewOrder = {
  id: string;
  userId: string;
  firstName: string;
  email: string;
  contactNumber: string;
  companyName: string;
  companyWebsite: string;
  country: string;
  message: string;
  idempotencyKey: string | null;
  /** The administrator who entered the request for its buyer, if one did. */
  enteredBy?: { id: string; name: string } | null;
};

/** A line of a price request as asked for: the rest is copied from the product when it is stored. */
export type RequestedLine = { productId: string; quantity: number };

/** A requested line asking for fewer pieces than its design's minimum order (`index` in the request). */
export type BelowMinimumLine = { index: number; name: string; code: string; minimum: number };

/** A stored line; `productId` is null once the product has been deleted. */
export type OrderLineRow = {
  productId: string | null;
  position: number;
  name: string;
  sku: string;
  quantity: number;
  price: number;
  imageUrl: string | null;
  mediaId: string | null;
};

export type OrderRow = Omit<NewOrder, 'userId' | 'idempotencyKey' | 'enteredBy'> & {
  userId: string | null;
  orderNumber: number;
  status: string;
  version: number;
  /** The latest sent quote's validity (null until one is sent). */
  validUntil: Date | null;
  createdAt: Date;
  /** The administrator who entered it for the buyer (null when the buyer sent it). */
  enteredById?: string | null;
  enteredByName?: string | null;
  lines: OrderLineRow[];
};

/** A line as the lists show it. */
export type OrderListLine = Pick<
  OrderLineRow,
  'productId' | 'name' | 'sku' | 'quantity' | 'imageUrl' | 'mediaId'
>;

/** A request as the admin list shows it: its lines, without what only a workbook or a write reads. */
export type OrderListRow = Omit<OrderRow, 'version' | 'lines'> & { lines: OrderListLine[] };

/** Which orders a list shows and in what order (by age: the order number follows arrival). */
export type OrderListFilter = {
  search?: string;
  statuses?: readonly OrderStatus[];
  sort?: 'newest' | 'oldest';
  now?: Date;
};
