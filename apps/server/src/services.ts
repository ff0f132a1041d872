import { EventEmitter } from 'node:events';
import type { Database } from './db/client.ts';
import type { DomainEvents } from './domain-events.ts';
import { mediaBaseUrl, type Env } from './env.ts';
import {
  createConfiguredMediaStore,
  createMediaService,
  createPublicImageUrl,
  type MediaStore,
} from './modules/media/index.ts';
import { createCatalogueService } from './modules/products/index.ts';
import { createSearchService } from './modules/search/index.ts';
import { createGeoService } from './modules/geo/index.ts';
import { createSitemapService } from './modules/seo/index.ts';
import { createBlogService } from './modules/blogs/index.ts';
import { createCartService } from './modules/cart/index.ts';
import { createContactService } from './modules/contact/index.ts';
import { createMailDispatcher, createMailTransport, defaultBackoffMs } from './modules/mail/index.ts';
import {
  createOrdersService,
  createProformaService,
  createQuotationsService,
} from './modules/orders/index.ts';
import { createBusinessSettingsService } from './modules/business-settings/index.ts';
import { createFulfilmentService } from './modules/fulfilment/index.ts';
import { createUsersService } from './modules/users/index.ts';
import { createAttributesService } from './modules/attributes/index.ts';
import { createPricingService } from './modules/pricing/index.ts';
import { createQuickOrderService } from './modules/quick-order/index.ts';
import { createSelectionsService } from './modules/selections/index.ts';
import { createInProcessQueue } from './jobs/in-process-queue.ts';
import type { JobLog, JobQueue } from './jobs/job-queue.ts';
import { createPgBossQueue } from './jobs/pg-boss-queue.ts';

export type ServiceDeps = { env: Env; database: Database; mediaStore: MediaStore; events: DomainEvents };

/**
 * The composition root of the domain services. The `/api` modules and the web app's loaders
 * (through the load context) use these same objects, so a page never calls its own server over HTTP.
 * Each module adds its service here.
 */
export function createServices(deps: {
  env: Env;
  database: Database;
  mediaStore?: MediaStore;
  log?: JobLog & { info(obj: object, msg: string): void };
}) {
  const events: DomainEvents = new EventEmitter();
  const jobLog: JobLog = deps.log ?? { warn: () => {}, error: () => {} };
  // Long work (imports, the quote-expiry sweep) runs as jobs: on pg-boss with PostgreSQL, any
  // instance taking any job; in this process on the embedded database (ADR 017).
  const jobs: JobQueue =
    deps.database.kind === 'postgres' && deps.database.url
      ? createPgBossQueue({ db: deps.database.db, url: deps.database.url, log: jobLog })
      : createInProcessQueue({ db: deps.database.db, log: jobLog });
  const base: ServiceDeps = {
    env: deps.env,
    database: deps.database,
    mediaStore: deps.mediaStore ?? createConfiguredMediaStore(deps.env, deps.log),
    events,
  };
  const media = createMediaService({
    db: deps.database.db,
    store: base.mediaStore,
    jobs,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const imageUrl = createPublicImageUrl(mediaBaseUrl(deps.env));
  // Buyers: requests only queue mail in their transaction; mail jobs send it (once server.ts starts them).
  const onMailQueued = () => mail.nudge();
  const buyerDeps = { env: deps.env, database: deps.database, onMailQueued };
  const onOrdersChanged = () => events.emit('orders:changed');
  const orders = createOrdersService({
    ...buyerDeps,
    onOrdersChanged,
    mediaStore: base.mediaStore,
    imageUrl,
  });
  events.on('orders:changed', orders.forgetLists);
  // A deleted product or picture changes the lines of the requests that named it.
  events.on('catalogue:changed', orders.forgetLists);
  const mail = createMailDispatcher({
    db: deps.database.db,
    jobs,
    backoffMs: (attempts) => defaultBackoffMs(attempts, deps.env.MAIL_RETRY_FIRST_SECONDS * 1000),
    transport: createMailTransport(deps.env),
    from: deps.env.MAIL_FROM,
    renderDeferred: (message) => orders.renderDeferredMail(message),
    prepareDeferred: (messages) => orders.prepareDeferredMails(messages),
  });
  const fulfilment = createFulfilmentService({ ...buyerDeps, media });
  const search = createSearchService({
    db: deps.database.db,
    events,
    ttlMs: deps.env.CATALOGUE_CACHE_SECONDS * 1000,
  });
  const pricing = createPricingService({ db: deps.database.db });
  const cart = createCartService({ database: deps.database, imageUrl, publicPrices: deps.env.PUBLIC_PRICES });
  const quotations = createQuotationsService({
    ...buyerDeps,
    onOrdersChanged,
    describeOrder: orders.describeOrder,
    pricing,
    fulfilment,
    media,
  });
  const businessSettings = createBusinessSettingsService({ db: deps.database.db });
  // Quotes past their validity are expired to readers at once; the sweep records it and mails the buyer.
  jobs.every('quotations.expire', 1, () => quotations.expireLapsedQuotes());
  return {
    ...base,
    jobs,
    media,
    imageUrl,
    search,
    catalogue: createCatalogueService({
      db: deps.database.db,
      media,
      events,
      cacheTtlMs: deps.env.CATALOGUE_CACHE_SECONDS * 1000,
      imageUrl,
      publicPrices: deps.env.PUBLIC_PRICES,
    }),
    attributes: createAttributesService({ db: deps.database.db, events }),
    geo: createGeoService({ countryHeader: deps.env.GEO_COUNTRY_HEADER }),
    sitemap: createSitemapService({
      database: deps.database,
      events,
      siteUrl: deps.env.SITE_URL,
      maxUrlsPerFile: deps.env.SITEMAP_MAX_URLS,
    }),
    blogs: createBlogService({ database: deps.database, events, media }),
    users: createUsersService(buyerDeps),
    cart,
    orders,
    quickOrder: createQuickOrderService({ db: deps.database.db, search, cart, orders }),
    quotations,
    businessSettings,
    proforma: createProformaService({
      database: deps.database,
      quotations,
      sellerOf: (handle) => businessSettings.current(handle),
    }),
    fulfilment,
    contact: createContactService(buyerDeps),
    pricing,
    selections: createSelectionsService({
      ...buyerDeps,
      imageUrl,
      events,
      media,
      mediaStore: base.mediaStore,
      jobs,
    }),
    mail,
  };
}

export type Services = ReturnType<typeof createServices>;
