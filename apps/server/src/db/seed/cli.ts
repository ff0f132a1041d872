import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../server-setup.ts';
import { parseEnv } from '../../env.ts';
import { createConfiguredMediaStore } from '../../modules/media/index.ts';
import { seedBulkProducts, seedDemo } from './seed.ts';

/**
 * `npm run seed` fills an empty database with the demo catalogue;
 * `npm run seed -- --products 100000 [--reset]` adds that many generated products for benchmarks.
 */
const { values } = parseArgs({
  options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } },
});

const env = parseEnv();
const database = await connectDatabase(env);
const store = createConfiguredMediaStore(env);
try {
  if (values.reset) {
    await database.db.execute(sql`TRUNCATE products, cart_items, order_items RESTART IDENTITY CASCADE`);
  }
  if (values.products) {
    const n = Number(values.products);
    if (!Number.isInteger(n) || n < 1 || n > 5_000_000)
      throw new Error('--products must be a whole number from 1 to 5,000,000');
    const started = Date.now();
    await seedBulkProducts(database.db, store, n);
    console.log(`Added ${n} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.log('Seeded', await seedDemo(database.db, store));
  }
} finally {
  await database.close();
}
