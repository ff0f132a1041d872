// The catalogue-import module's surface (docs/architecture.md, "Server modules").
export { catalogueImportRoutes } from './catalogue-import.routes.ts';
