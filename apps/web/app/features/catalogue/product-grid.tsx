import { ProductCard, type CardProduct } from '~/features/catalogue/product-card';

/** Cards of the first screenful (one row on a desktop, two on a phone) load their picture at once. */
const EAGER_CARDS = 4;

/** Two columns on small screens, four on large. */
export function ProductGrid({
  products,
  headingLevel = 'h2',
  eagerCount = EAGER_CARDS,
}: {
  products: readonly CardProduct[];
  headingLevel?: 'h2' | 'h3';
  eagerCount?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 lg:gap-6">
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} priority={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
