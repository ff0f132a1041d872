/**
 * The modules that enforce the business's rules, in groups, each with the test files that check
 * it. `npm run mutate` runs Stryker once per group (scripts/mutate.mjs): a mutant then reruns only
 * its own group's tests, and a mutant of module-level code (an allow-list, a limit) reruns a few
 * test files instead of all of them. `file:from-to` limits a file that also holds other code to the
 * lines of the rule. A new test file for one of these modules belongs in its group's `tests`.
 */
export const MUTATION_GROUPS = {
  sanitiser: {
    what: 'blog HTML sanitiser (allow-list of tags, attributes, schemes, image sources)',
    mutate: ['apps/server/src/modules/blogs/blog-html.ts'],
    tests: ['apps/server/src/modules/blogs/blog-html.test.ts'],
  },
  'upload-sniffing': {
    what: 'uploads recognised by their bytes, never by name or declared type',
    mutate: ['apps/server/src/modules/media/image-type.ts'],
    tests: ['apps/server/src/modules/media/image-type.test.ts'],
  },
  'search-escaping': {
    what: 'search text matched literally (LIKE wildcards escaped)',
    mutate: ['apps/server/src/modules/products/products.repository.ts:50-53'],
    tests: ['apps/server/src/modules/products/search-escaping.test.ts'],
  },
  quantities: {
    what: 'quantity rules: whole numbers 1 to 10,000, at most 500 lines',
    mutate: [
      'packages/shared/src/domain/enquiry-list.ts',
      // The rules only: the answer and parameter shapes between them are not quantity rules.
      'packages/shared/src/schemas/cart.ts:1-21',
      'packages/shared/src/schemas/cart.ts:43-81',
      'packages/shared/src/schemas/order.ts:56-63',
      'packages/shared/src/schemas/order.ts:75-85',
    ],
    tests: [
      'packages/shared/src/domain/enquiry-list.test.ts',
      'packages/shared/src/domain/enquiry-list.edges.test.ts',
      'packages/shared/src/schemas/quantity-rules.test.ts',
    ],
  },
  'download-links': {
    what: 'signed, expiring quotation download links',
    mutate: ['apps/server/src/modules/orders/download-links.ts'],
    tests: ['apps/server/src/modules/orders/download-links.test.ts'],
  },
  listings: {
    what: 'the login gate for page > 1, listing page sizes, canonical category addresses, the admin guard of pages',
    mutate: [
      'apps/web/app/features/catalogue/listing-url.ts',
      'packages/shared/src/domain/limits.ts:2-11',
      'apps/web/app/routes/shopall.tsx:10-17',
      'apps/web/app/routes/all-designs.tsx:10-17',
      'apps/web/app/routes/category.tsx:19-33',
      'apps/web/app/routes/category-subcategory.tsx:21-38',
      'apps/web/app/routes/cart.tsx:8-14',
      'apps/web/app/routes/admin/layout.tsx:17-21',
    ],
    tests: [
      'apps/web/app/routes/loaders.test.ts',
      'apps/web/app/routes/admin/layout.test.ts',
      'apps/web/app/features/catalogue/listing-url.test.ts',
    ],
  },
  sessions: {
    what: 'authorisation guards, sessions (sliding, cookie), login and logout',
    mutate: [
      'apps/server/src/plugins/auth.ts',
      'apps/server/src/lib/tokens.ts',
      'apps/server/src/modules/users/users.service.ts:88-121',
    ],
    tests: [
      'apps/server/src/plugins/auth.test.ts',
      'apps/server/src/modules/users/users.routes.test.ts',
      'apps/server/test/reliability/sessions-and-logs.test.ts',
    ],
  },
  'rate-limits': {
    what: 'rate limits per address and per e-mail, kept in the database',
    mutate: ['apps/server/src/plugins/rate-limit.ts'],
    tests: ['apps/server/src/plugins/rate-limit.test.ts'],
  },
  ownership: {
    what: "a buyer's enquiry list is only their own; lines refer to real products",
    mutate: ['apps/server/src/modules/cart/cart.service.ts'],
    tests: ['apps/server/src/modules/cart/cart.routes.test.ts'],
  },
  'price-requests': {
    what: 'price-request numbering (gap-free, in one statement) and Idempotency-Key',
    mutate: ['apps/server/src/modules/orders/orders.repository.ts:113-186'],
    tests: ['apps/server/src/modules/orders/orders.routes.test.ts'],
  },
  // ---- Lead: add the groups of the private-price rule and the quantity clamp here when they ----
  // ---- are merged: { what, mutate: [their modules], tests: [the test files that check them] }. ----
};
