import type { EventEmitter } from 'node:events';

/**
 * In-process notifications that let caches (product lists, sitemap) drop stale answers. The
 * services are made with one emitter (services.ts); a module names the type from here, never from
 * the composition root, so no module imports the file that imports every module.
 */
export type DomainEvents = EventEmitter<{
  'catalogue:changed': [];
  'blogs:changed': [];
  /** A price request was stored, changed state or quote, or deleted. */
  'orders:changed': [];
  /** A selection or one of its links changed (a revoked link must stop answering everywhere). */
  'selections:changed': [];
}>;

/** The slice of the domain events the catalogue uses (its caches, search and the sitemap listen to it). */
export type CatalogueEvents = {
  on(event: 'catalogue:changed', listener: () => void): unknown;
  emit(event: 'catalogue:changed'): unknown;
};
