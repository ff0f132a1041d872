// The orders module's surface (docs/architecture.md, "Server modules").
export { ordersRoutes } from './orders.routes.ts';
export {
  createOrdersService,
  ORDER_RECEIVED,
  type OrdersService,
  type SubmittedOrder,
} from './orders.service.ts';
export { priceDraft } from './priced-quote.ts';
export { createProformaService } from './proforma.service.ts';
export { ORDER_NOT_FOUND, type Actor } from './quotation-parties.ts';
export { createQuotationsService } from './quotations.service.ts';
export type { RequestLine } from './quote-pricing.ts';
