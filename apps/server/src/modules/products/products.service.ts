import type { MediaService, PublicImageUrl } from '../media/index.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogueEvents } from '../../domain-events.ts';
import { createCatalogueReads } from './catalogue-reads.service.ts';
import { createProductWrites } from './product-writes.service.ts';
import { createProductImport } from './products-import.service.ts';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The catalogue: its cached reads, the admin's product writes and the spreadsheet import. */
export function createCatalogueService(deps: {
  db: Db;
  media: MediaService;
  events: CatalogueEvents;
  /** 0 turns every read cache off (each read goes to the database). */
  cacheTtlMs: number;
  /** Absolute picture addresses from the configured public base (never from a request). */
  imageUrl: PublicImageUrl;
  /** Whether anonymous visitors and buyers see prices; admins (`priced` readers) always do. */
  publicPrices: boolean;
}) {
  const changed = () => deps.events.emit('catalogue:changed');
  return {
    ...createCatalogueReads(deps),
    ...createProductWrites({ db: deps.db, media: deps.media, imageUrl: deps.imageUrl, changed }),
    ...createProductImport({ db: deps.db, media: deps.media, changed }),
  };
}
