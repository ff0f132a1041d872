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
    tests: [
      'apps/server/src/modules/blogs/blog-html.test.ts',
      'apps/server/src/modules/blogs/blog-html.edges.test.ts',
    ],
  },
  'upload-sniffing': {
    what: 'uploads recognised by their bytes, never by name or declared type',
    mutate: ['apps/server/src/modules/media/image-type.ts'],
    tests: ['apps/server/src/modules/media/image-type.test.ts'],
  },
  'search-escaping': {
    what: 'search text matched literally (LIKE wildcards escaped)',
    mutate: ['apps/server/src/db/escape-like.ts'],
    tests: ['apps/server/src/db/escape-like.test.ts'],
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
      'apps/web/app/lib/paths.ts',
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
      'apps/web/app/lib/paths.test.ts',
    ],
  },
  sessions: {
    what: 'authorisation guards (requireUser, requireAdmin), sessions (sliding, cookie), login and logout',
    mutate: [
      'apps/server/src/plugins/auth.ts',
      // login, logout and logout everywhere
      'apps/server/src/modules/users/users.service.ts:156-192',
    ],
    tests: [
      'apps/server/src/plugins/auth.test.ts',
      'apps/server/src/plugins/auth.edges.test.ts',
      'apps/server/src/modules/users/users.routes.test.ts',
      'apps/server/test/reliability/sessions-and-logs.test.ts',
      'apps/server/src/modules/users/sessions.test.ts',
    ],
  },
  'account-tokens': {
    what: 'password-reset and e-mail-verification links: hashed, single use, expiring, replaced by a newer one',
    mutate: [
      'apps/server/src/lib/tokens.ts',
      // issueLink and spendToken
      'apps/server/src/modules/users/users.service.ts:73-101',
      // resetPassword and verifyEmail
      'apps/server/src/modules/users/users.service.ts:215-242',
    ],
    tests: [
      'apps/server/src/modules/users/accounts.routes.test.ts',
      'apps/server/src/modules/users/account-tokens.edges.test.ts',
    ],
  },
  'rate-limits': {
    what: 'rate limits per address and per e-mail, kept in the database',
    mutate: ['apps/server/src/plugins/rate-limit.ts'],
    tests: ['apps/server/src/plugins/rate-limit.test.ts', 'apps/server/src/plugins/rate-limit.edges.test.ts'],
  },
  ownership: {
    what: 'who may read and change which request and list: the buyer their own, an admin any; lines refer to real products',
    mutate: [
      'apps/server/src/modules/cart/cart.service.ts',
      // ownListOf: 401 anonymous, 403 anyone but the list's owner
      'apps/server/src/modules/cart/cart.routes.ts:22-27',
      // accessOf: the buyer, an admin, or nobody
      'apps/server/src/modules/orders/quotations.service.ts:177-183',
      // resolveAccess and requireOwner: 404 for anyone else, 403 for an admin deciding for a buyer
      'apps/server/src/modules/orders/quotations.routes.ts:48-62',
    ],
    tests: [
      'apps/server/src/modules/cart/cart.routes.test.ts',
      'apps/server/src/modules/orders/quotations.routes.test.ts',
    ],
  },
  'price-requests': {
    what: 'price-request numbering (gap-free, in one statement) and Idempotency-Key',
    mutate: [
      // findNumberByIdempotencyKey and insertOrder
      'apps/server/src/modules/orders/orders.repository.ts:137-214',
      // findSubmitted and submitOrder: a repeated key answers the first request, a race included
      'apps/server/src/modules/orders/orders.service.ts:323-387',
      // a repeat is answered before the rate limit counts it
      'apps/server/src/modules/orders/orders.routes.ts:73-79',
    ],
    tests: [
      'apps/server/src/modules/orders/orders.routes.test.ts',
      'apps/server/src/modules/orders/orders.submit.edges.test.ts',
    ],
  },
  'private-prices': {
    what: 'prices hidden from anonymous visitors and buyers unless PUBLIC_PRICES; admins always see them, in answers no shared cache keeps',
    mutate: [
      // readerOf and send: who is priced, and the cache headers of priced answers
      'apps/server/src/modules/products/products.routes.ts:82-99',
      // the single product's cache headers
      'apps/server/src/modules/products/products.routes.ts:254-257',
      // showsPrice, audienceKey and the price of a product answer
      'apps/server/src/modules/products/catalogue-reads.service.ts:100-105',
      'apps/server/src/modules/products/product-answer.ts:65-65',
      // the price of an enquiry-list line
      'apps/server/src/modules/cart/cart.service.ts:15-16',
      'apps/server/src/modules/cart/cart.service.ts:34-47',
    ],
    tests: [
      'apps/server/test/previous-client.contract.test.ts',
      'apps/server/src/modules/products/private-prices.test.ts',
    ],
  },
  'quotation-rules': {
    what: "a request's states and moves, expiry, overdue, exact totals in minor units, typed amounts",
    mutate: ['packages/shared/src/domain/quotation.ts'],
    tests: [
      'packages/shared/src/domain/quotation.test.ts',
      'packages/shared/src/domain/quotation.edges.test.ts',
    ],
  },
  'quotation-server': {
    what: "the server's transitions: the state read under lock decides, a stale version is refused, lapsed quotes are recorded expired once",
    mutate: [
      // transition and latestSent
      'apps/server/src/modules/orders/quotations.service.ts:64-104',
      // recordExpiry and expireLapsedQuotes
      'apps/server/src/modules/orders/quotations.service.ts:134-173',
    ],
    tests: [
      'apps/server/src/modules/orders/quotations.routes.test.ts',
      'apps/server/src/modules/orders/quotations.edges.test.ts',
      'apps/server/src/modules/orders/quotations.sweep.edges.test.ts',
    ],
  },
  // The quantity clamp (clampQuantity in domain/enquiry-list.ts) is in `quantities`.
};
