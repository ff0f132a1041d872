// The pricing module's surface (docs/architecture.md, "Server modules").
export { pricingRoutes } from './pricing.routes.ts';
export { createPricingService, type RateBook } from './pricing.service.ts';
export { deleteCostings, readCostings, storedCosting, writeCostings } from './pricing.repository.ts';
