// The quick-order module's surface (docs/architecture.md, "Server modules").
export { onBehalfRoutes, orderAgainRoutes, quickOrderRoutes } from './quick-order.routes.ts';
export { createQuickOrderService } from './quick-order.service.ts';
