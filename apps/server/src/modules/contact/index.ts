// The contact module's surface (docs/architecture.md, "Server modules").
export { contactRoutes } from './contact.routes.ts';
export { createContactService } from './contact.service.ts';
