// The search module's surface (docs/architecture.md, "Server modules").
export { searchRoutes } from './search.routes.ts';
export { createSearchService, type SearchService } from './search.service.ts';
