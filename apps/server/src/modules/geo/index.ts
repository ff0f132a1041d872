// The geo module's surface (docs/architecture.md, "Server modules").
export { geoRoutes } from './geo.routes.ts';
export { createGeoService } from './geo.service.ts';
