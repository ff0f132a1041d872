// The blogs module's surface (docs/architecture.md, "Server modules").
export { blogRoutes } from './blogs.routes.ts';
export { createBlogService } from './blogs.service.ts';
