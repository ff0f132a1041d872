import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { isNewProduct } from '@catalogue/shared/domain/new-badge';
import type { Product } from '@catalogue/shared/schemas/product';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { productPath } from '~/lib/paths';
import { ProductImage } from '~/components/product-image';
import { CardSecondPicture, useSecondPicture } from '~/features/catalogue/card-second-picture';
import { useNewSince } from '~/features/catalogue/new-since';
import { QuantityControl } from '~/components/quantity-control';
import { KEEP_CLEAR } from '~/lib/keep-clear';

export type CardProduct = Pick<
  Product,
  '_id' | 'name' | 'category' | 'code' | 'price' | 'imageUrl' | 'imageurl' | 'cloudinaryId' | 'createdAt'
> &
  Partial<Pick<Product, 'secondImageUrl' | 'minOrderQuantity'>>;

type ProductCardProps = {
  product: CardProduct;
  /** Cards in the first screenful load their picture at once; the rest lazily. */
  priority?: boolean;
  /** Heading level of the name, so the card fits the outline of the page that shows it. */
  headingLevel?: 'h2' | 'h3';
};

/**
 * One product in a grid or carousel: picture and name link to the product page; the
 * action is 'Add To Enquiry List' until the product is in the list, then the quantity control and
 * 'Remove from List'. A design is added at its minimum order, and flagged while below it.
 */
export function ProductCard({ product, priority = false, headingLevel: Heading = 'h3' }: ProductCardProps) {
  const { t } = useTranslation('catalogue');
  const since = useNewSince();
  const list = useEnquiryList();
  const quantity = list.quantityOf(product._id);
  const titleId = useId();
  const href = productPath(product._id);

  // The pressed button disappears when the state flips, so focus follows to its replacement.
  const focusAfterChange = useRef<'quantity' | 'add' | null>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const isInList = quantity > 0;
  const second = useSecondPicture(product.secondImageUrl);
  useEffect(() => {
    if (focusAfterChange.current === 'quantity' && isInList) quantityInput.current?.focus();
    if (focusAfterChange.current === 'add' && !isInList) addButton.current?.focus();
    focusAfterChange.current = null;
  }, [isInList]);

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md"
      {...second.handlers}
    >
      <div className="relative">
        {/* The name below is the accessible link; this one is a larger target for pointers. */}
        <PrefixedLink
          to={href}
          tabIndex={-1}
          aria-hidden="true"
          className="relative block aspect-square bg-brand-50"
        >
          <ProductImage
            product={product}
            alt=""
            priority={priority}
            className="h-full w-full object-contain"
          />
          <CardSecondPicture
            url={product.secondImageUrl}
            isShown={second.isShown}
            isWanted={second.isWanted}
          />
        </PrefixedLink>
        {isNewProduct(product.createdAt, since) ? (
          <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            {t('card.new')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading id={titleId} className="line-clamp-2 font-serif text-base leading-snug text-ink">
          <PrefixedLink to={href} className="hover:text-brand-700 hover:underline">
            {product.name}
          </PrefixedLink>
        </Heading>
        <p className="text-sm text-gray-700">
          <span className="sr-only">{t('card.category')}: </span>
          {t(`categories.${product.category}`, { defaultValue: product.category })}
        </p>
        <p className="text-xs text-gray-700">
          {t('card.sku')}: <span className="font-mono">{product.code || t('card.notAvailable')}</span>
        </p>
        <div className="mt-auto flex flex-col items-start gap-2 pt-2" {...KEEP_CLEAR}>
          {isInList ? (
            <>
              <QuantityControl
                value={quantity}
                onChange={(next) => list.setQuantity(product._id, next)}
                productName={product.name}
                inputRef={quantityInput}
                minimumOrder={product.minOrderQuantity}
              />
              <button
                type="button"
                aria-describedby={titleId}
                onClick={() => {
                  focusAfterChange.current = 'add';
                  list.remove(product._id);
                }}
                className="text-sm font-medium text-red-700 underline-offset-2 hover:underline"
              >
                {t('card.removeFromList')}
              </button>
            </>
          ) : (
            <button
              ref={addButton}
              type="button"
              aria-describedby={titleId}
              onClick={() => {
                focusAfterChange.current = 'quantity';
                list.add(product);
              }}
              className="w-full rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-900"
            >
              {t('card.addToList')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
