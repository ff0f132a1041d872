// The business-settings module's surface (docs/architecture.md, "Server modules").
export { businessSettingsRoutes } from './business-settings.routes.ts';
export { createBusinessSettingsService } from './business-settings.service.ts';
