import type { ImageBytes } from './image-bytes.ts';
import type { PageBytes } from './page-bytes.ts';
import type { CpuPerRequest } from './cpu.ts';
import type { ScenarioResult } from './measure.ts';
import type { MediaStoresResult } from './media-stores.ts';
import type { QuotePricingResult } from './quote-pricing.ts';
import type { pacedFigures } from './paced.ts';

export type DatabaseKind = 'postgres' | 'pglite';

/** The 200-buyer run: load figures plus the check that every acknowledged order was kept. */
export type BuyersResult = ScenarioResult & {
  buyers: number;
  acknowledged: number;
  missing: number;
  /** CPU per request of the server and its PostgreSQL backends (absent in older results files). */
  cpu?: CpuPerRequest;
  /** Seconds after the load until every mail it caused was sent; null when not seen to finish. */
  mailDrainSeconds?: number | null;
  /** The same buyers at a person's pace (absent in older results files): what the budget judges. */
  paced?: PacedBuyersResult;
};

/** Buyers who think between actions (bench/lib/paced.ts); percentiles of all requests and of the writes. */
export type PacedBuyersResult = ReturnType<typeof pacedFigures> & {
  name: string;
  buyers: number;
  seconds: number;
  thinkMs: { min: number; max: number };
  acknowledged: number;
  missing: number;
  loadavg: number;
};

/** Everything measured against one database with one catalogue size. */
export type ConfigResult = {
  database: DatabaseKind;
  products: number;
  /** Listing pages of 16 over the whole catalogue. */
  totalPages: number;
  scenarios: ScenarioResult[];
  /**
   * nginx serving the same bytes (pre-compressed, `gzip_static`), measured in the same run with the
   * same settings and client (wrk), in every configuration. Older results files measured it once,
   * in the last configuration; `measuredIn` names that one on the others, whose ratios use it.
   */
  nginx: NginxResult | null;
  /**
   * A bare Node HTTP server answering the same bytes with the same headers, measured right after
   * nginx (bench/lib/bare-node.ts): Node's own ceiling for a stored answer on the machine. Absent
   * from results files written before 2026-11-28 18:00 UTC.
   */
  bareNode?: NginxResult | null;
  buyers: BuyersResult | null;
};

/** What nginx was measured serving: the listing JSON, the product page (`html`), home, a category. */
export type NginxKind = 'json' | 'html' | 'home' | 'category';
export type NginxResult = { json: ScenarioResult; html: ScenarioResult; measuredIn?: string } & Partial<
  Record<'home' | 'category', ScenarioResult>
>;

export type LighthousePage = {
  page: string;
  url: string;
  runs: number;
  /** Medians over the runs. Score 0–100, times in ms. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred to render the page (Lighthouse total-byte-weight). */
  totalBytes: number;
  /**
   * Median of the runs' `benchmarkIndex`, Lighthouse's measure of the host CPU (it warns below
   * 1,000: its simulated throttling then overstates the main thread's work). Absent before 2026-11-28 18:00 UTC.
   */
  benchmarkIndex?: number | null;
};

export type BundlePage = {
  page: string;
  routeId: string;
  jsGzipKb: number;
  cssGzipKb: number;
  jsFiles: number;
};

export type RunData = {
  configs: ConfigResult[];
  lighthouse: LighthousePage[] | null;
  bundles: BundlePage[] | null;
  /** One product picture's bytes per size as WebP and as AVIF (the last configuration). */
  imageBytes?: ImageBytes[] | null;
  /** The public pages' bytes uncompressed, gzip and Brotli (the last configuration). */
  pageBytes?: PageBytes[] | null;
  /** A 500-line quote priced in this process (absent from results files before 2026-12-02). */
  quotePricing?: QuotePricingResult | null;
  /** The bucket against the directory store (absent from results files before 2026-12-02). */
  mediaStores?: MediaStoresResult | null;
};
