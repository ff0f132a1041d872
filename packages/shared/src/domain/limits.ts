/** Business constants, in one place. */
export const PAGE_SIZE = {
  shopAll: 16,
  category: 16,
  allDesigns: 16,
  adminProducts: 10,
  adminOrders: 10,
  homeLatest: 8,
  blogsInitial: 8,
  blogsMore: 8,
} as const;

export const MAX_PAGE_LIMIT = 100;
export const MAX_UNPAGED_CATEGORY = 100;
export const MAX_SEARCH_RESULTS = 50;
export const MAX_SEARCH_LENGTH = 100;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10_000;
export const MAX_ORDER_LINES = 500;

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Refuse images whose header claims more pixels than this (decompression bombs). */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Not a spec limit: a bound so a title stays a title (slug, page heading, meta fallback). */
export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 160;
export const BLOG_META_TITLE_MAX = 60;
export const BLOG_META_DESCRIPTION_MAX = 160;
export const BLOG_CARD_FALLBACK_CHARS = 80;
export const BLOG_ADMIN_PREVIEW_CHARS = 50;
export const BLOG_RELATED_COUNT = 3;

export const IMAGE_QUALITY = 86;

export const TIMINGS_MS = {
  bannerAdvance: 1500,
  productFetchRetryDelay: 1000,
  productFetchAttempts: 3,
  redirectAfterOrder: 3000,
  contactOverlay: 3000,
  blogRedirect: 1500,
  pageTransitionSpinner: 400,
  searchDebounce: 500,
  scrollToGridDelay: 100,
  addProductTimeout: 30_000,
  translatePollInterval: 500,
  translatePollAttempts: 40,
} as const;

/** The currency of product prices and of the price quotation workbook. */
export const PRICE_CURRENCY = 'USD';
