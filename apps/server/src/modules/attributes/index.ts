// The attributes module's surface (docs/architecture.md, "Server modules").
export { listValues } from './attributes.repository.ts';
export { attributeRoutes } from './attributes.routes.ts';
export { createAttributesService } from './attributes.service.ts';
