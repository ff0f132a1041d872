// The fulfilment module's surface (docs/architecture.md, "Server modules").
export { fulfilmentRoutes } from './fulfilment.routes.ts';
export { createFulfilmentService } from './fulfilment.service.ts';
