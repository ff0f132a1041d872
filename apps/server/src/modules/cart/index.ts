// The cart module's surface (docs/architecture.md, "Server modules").
export { cartRoutes } from './cart.routes.ts';
export { createCartService, type CartService, type ListOwner } from './cart.service.ts';
