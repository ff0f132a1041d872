// The dashboard module's surface (docs/architecture.md, "Server modules").
export { dashboardRoutes } from './dashboard.routes.ts';
