import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { VERIFY_RESEND_PER_HOUR } from '@catalogue/shared/domain/accounts';
import type { Database } from './db/client.ts';
import { mediaBaseUrl, type Env } from './env.ts';
import { registerErrorHandler } from './lib/errors.ts';
import { trustFunction } from './lib/trust-proxy.ts';
import { createLoadContextFactory } from './load-context.ts';
import { authPlugin, findViewerByCookie } from './plugins/auth.ts';
import { healthRoutes } from './plugins/health.ts';
import { createPageCache, type PageCache } from './plugins/page-cache.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { mediaImageSources, registerSecurity } from './plugins/security.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { webRoutes, type WebOptions } from './plugins/web.ts';
import { mediaRoutes, type MediaStore } from './modules/media/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { galleryRoutes, productRoutes } from './modules/products/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { attributeRoutes } from './modules/attributes/index.ts';
import { blogRoutes } from './modules/blogs/index.ts';
import { geoRoutes } from './modules/geo/index.ts';
import { categoryRedirects, seoRoutes } from './modules/seo/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { fulfilmentRoutes } from './modules/fulfilment/index.ts';
import { catalogueImportRoutes } from './modules/catalogue-import/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';
import { businessSettingsRoutes } from './modules/business-settings/index.ts';
import { onBehalfRoutes, orderAgainRoutes, quickOrderRoutes } from './modules/quick-order/index.ts';
import {
  heldLinkPages,
  selectionFileRoutes,
  selectionPageLimits,
  selectionsRoutes,
  sharedSelectionRoutes,
} from './modules/selections/index.ts';
import { createServices, type Services } from './services.ts';

export type AppDeps = {
  env: Env;
  database: Database;
  /** Defaults to the store MEDIA_STORE names (the directory under DATA_DIR unless `s3`). */
  mediaStore?: MediaStore;
  /** The storefront; tests of the API alone leave it out. */
  web?: Omit<WebOptions, 'getLoadContext' | 'pages'>;
  logger?: FastifyServerOptions['logger'];
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Secrets that must never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body.password',
  'token',
];

/** A NUL character in the path or the query, percent-encoded (a raw one never gets past Node's parser). */
const NUL_IN_URL = /%00/;

function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({ message: `Not found: ${request.method} ${path}`, code: 'NOT_FOUND' });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const trustProxy = trustFunction(env.TRUST_PROXY);
  const app = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL, redact: REDACT_PATHS },
    ...(trustProxy ? { trustProxy } : {}),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // No page of ours has a NUL character in its address, and PostgreSQL refuses one in any text (a
  // blog page's loader passed it on and failed as a 500, its stack in the log): the 404 of an
  // unknown address, before any stored page or page loader reads it. `/api` validates its own
  // input and names the field.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && NUL_IN_URL.test(request.url))
      return answerNotFound(request, reply);
  });

  const services = createServices({
    env,
    database,
    log: app.log,
    ...(deps.mediaStore ? { mediaStore: deps.mediaStore } : {}),
  });
  app.decorate('services', services);
  // Opens of shared links are written in batches; the last batch is written on the way out.
  app.addHook('onClose', () => services.selections.close());
  // Runs in flight finish before the database closes; none start (ADR 017).
  app.addHook('onClose', () => services.jobs.stop());
  // Pages stored for anonymous visitors, emptied by catalogue and blog changes (ADR 011).
  const storedPages: PageCache | null = createPageCache(env.CATALOGUE_CACHE_SECONDS, services);

  await registerSecurity(app, { imageSources: mediaImageSources(mediaBaseUrl(env), env.SITE_URL) });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cors, {
    origin: env.CORS_ORIGINS.length ? env.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
  await app.register(multipart, {
    // Keep a file name as the client sent it (busboy would cut it to its last segment), so a name
    // with folders or `..` is seen and refused instead of silently accepted.
    preservePath: true,
    limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20, fieldSize: 1024 * 1024, parts: 30 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Jaipur jewellery catalogue API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(authPlugin, {
    db: database.db,
    ttlDays: env.SESSION_TTL_DAYS,
    siteUrl: env.SITE_URL,
  });
  await app.register(healthRoutes, { database });
  await app.register(rateLimitPlugin, {
    db: database.db,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    limits: {
      login: env.RATE_LIMIT_LOGIN,
      register: env.RATE_LIMIT_REGISTER,
      contact: env.RATE_LIMIT_CONTACT,
      order: env.RATE_LIMIT_ORDER,
      forgotPassword: env.RATE_LIMIT_LOGIN,
      resetPassword: env.RATE_LIMIT_LOGIN,
      changePassword: env.RATE_LIMIT_LOGIN,
      verifyEmail: env.RATE_LIMIT_LOGIN,
      verifyResend: VERIFY_RESEND_PER_HOUR,
      comment: env.RATE_LIMIT_COMMENT,
      selectionLink: env.RATE_LIMIT_SELECTION_LINK,
    },
    windows: { verifyResend: 3600 },
  });
  // Domain modules: each owns its routes under its prefix.
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(cartRoutes, { prefix: '/api/cart' });
  await app.register(ordersRoutes, { prefix: '/api/orders' });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(mediaRoutes);
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(galleryRoutes, { prefix: '/api/products' });
  await app.register(searchRoutes, { prefix: '/api/search' });
  await app.register(attributeRoutes, { prefix: '/api/attributes' });
  await app.register(blogRoutes, { prefix: '/api/blogs' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(dashboardRoutes, { prefix: '/api/admin' });
  await app.register(fulfilmentRoutes);
  await app.register(catalogueImportRoutes, { prefix: '/api/admin/catalogue' });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(businessSettingsRoutes, { prefix: '/api/admin' });
  await app.register(quickOrderRoutes, { prefix: '/api/quick-order' });
  await app.register(orderAgainRoutes, { prefix: '/api/orders' });
  await app.register(onBehalfRoutes, { prefix: '/api/admin/orders' });
  await app.register(selectionsRoutes, { prefix: '/api/selections' });
  await app.register(sharedSelectionRoutes, { prefix: '/api/s' });
  await app.register(selectionPageLimits);
  await app.register(selectionFileRoutes);
  await app.register(seoRoutes);
  await app.register(categoryRedirects);

  await registerApiDocs(app);

  // Unknown /api paths are JSON 404s, never the storefront's HTML.
  await app.register(async (api) => {
    api.all('/api/*', { schema: { hide: true } }, answerNotFound);
  });

  if (deps.web) {
    const getLoadContext = createLoadContextFactory(env, services, (request) =>
      findViewerByCookie(request, database.db, env.SESSION_TTL_DAYS),
    );
    const isProduction = deps.web.mode === 'production';
    const pages = isProduction ? storedPages : null;
    const heldPages = isProduction ? heldLinkPages(services.selections) : null;
    await app.register(webRoutes, { ...deps.web, getLoadContext, pages, heldPages });
  }

  app.setNotFoundHandler(answerNotFound);

  return app;
}
