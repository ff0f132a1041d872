// The seo module's surface (docs/architecture.md, "Server modules").
export { categoryRedirects } from './category-redirects.ts';
export { renderRobotsTxt } from './robots.ts';
export { seoRoutes } from './seo.routes.ts';
export { createSitemapService } from './sitemap.service.ts';
