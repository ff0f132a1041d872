import { useId, useState } from 'react';
import { ProductSpecs, type SpecField } from '~/features/catalogue/product-specs';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigation } from 'react-router';
import { SITE } from '@catalogue/shared/domain/site';
import type { Product } from '@catalogue/shared/schemas/product';
import { startingQuantity } from '@catalogue/shared/domain/enquiry-list';
import { HydrateLater } from '~/components/hydrate-later';
import { buttonClasses } from '~/components/ui/button';
import { PhoneIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { RetryButton } from '~/components/ui/retry-button';
import { Spinner } from '~/components/ui/spinner';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { categoryPath } from '~/lib/paths';
import { ProductGrid } from '~/features/catalogue/product-grid';
import { QuantityControl } from '~/components/quantity-control';
import { KEEP_CLEAR } from '~/lib/keep-clear';
import { ShareButton } from '~/features/catalogue/share-button';
import { ProductGallery } from '~/components/gallery/product-gallery';

/** True while the visitor is on the way to another product page (its data is loading). */
function useIsLoadingAnotherProduct(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.location?.pathname;
  return navigation.state === 'loading' && !!next && next !== pathname && /\/singleproduct(\/|$)/.test(next);
}

/**
 * The product page: the zoomable picture; name, design code, category and description;
 * the quantity and Add to List / Remove from List; Call Us and Share Product; then more designs
 * from the same category.
 */
export function ProductDetail({
  product,
  related,
  specFields,
}: {
  product: Product;
  related: readonly Product[];
  specFields: readonly SpecField[];
}) {
  const { t } = useTranslation('catalogue');
  const list = useEnquiryList();
  const quantityInList = list.quantityOf(product._id);
  const isInList = quantityInList > 0;
  // Before the product is in the list the control chooses how many to add: from its minimum
  // order, and again from that of the next product when the page moves on to another design.
  const [toAdd, setToAdd] = useState(() => ({ id: product._id, quantity: startingQuantity(product) }));
  const quantityToAdd = toAdd.id === product._id ? toAdd.quantity : startingQuantity(product);
  const setQuantityToAdd = (quantity: number) => setToAdd({ id: product._id, quantity });
  const relatedId = useId();
  const isLoading = useIsLoadingAnotherProduct();
  const categoryName = t(`categories.${product.category}`, { defaultValue: product.category });

  return (
    <div className="relative" aria-busy={isLoading}>
      {isLoading ? (
        <div className="fixed inset-x-0 top-1/3 z-40 flex justify-center">
          <p className="flex items-center gap-3 rounded-lg bg-white px-5 py-3 shadow-lg">
            <Spinner size="sm" label={t('detail.loading')} />
            <span aria-hidden="true">{t('detail.loading')}</span>
          </p>
        </div>
      ) : null}
      <article className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
        <nav aria-label={t('detail.breadcrumb')} className="mb-4 text-sm text-gray-700">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <PrefixedLink to="/" className="hover:text-brand-700 hover:underline">
                {t('detail.home')}
              </PrefixedLink>
              <span aria-hidden="true"> / </span>
            </li>
            <li>
              <PrefixedLink
                to={categoryPath(product.category)}
                className="hover:text-brand-700 hover:underline"
              >
                {categoryName}
              </PrefixedLink>
              <span aria-hidden="true"> / </span>
            </li>
            <li aria-current="page" className="text-ink">
              {product.name}
            </li>
          </ol>
        </nav>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          <ProductGallery key={product._id} product={product} />

          <div className="flex flex-col gap-5">
            <h1 className="font-serif text-3xl leading-tight text-brand-900 sm:text-4xl">{product.name}</h1>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold text-gray-800">{t('detail.designCode')}</dt>
              <dd className="font-mono">{product.code || t('card.notAvailable')}</dd>
              <dt className="font-semibold text-gray-800">{t('detail.category')}</dt>
              <dd>
                <PrefixedLink
                  to={categoryPath(product.category)}
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {categoryName}
                </PrefixedLink>
              </dd>
            </dl>
            <section>
              <h2 className="mb-1 text-sm font-semibold text-gray-800">{t('detail.description')}</h2>
              <p className="whitespace-pre-line text-gray-800">{product.description}</p>
            </section>
            <ProductSpecs product={product} fields={specFields} />

            <div className="flex flex-wrap items-start gap-3" {...KEEP_CLEAR}>
              <QuantityControl
                size="md"
                rule="ignore-below-minimum"
                productName={product.name}
                value={isInList ? quantityInList : quantityToAdd}
                minimumOrder={product.minOrderQuantity}
                onChange={(next) => (isInList ? list.setQuantity(product._id, next) : setQuantityToAdd(next))}
              />
              {isInList ? (
                <button
                  type="button"
                  className={buttonClasses('danger', 'md')}
                  onClick={() => {
                    setQuantityToAdd(quantityInList);
                    list.remove(product._id);
                  }}
                >
                  {t('detail.removeFromList')}
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClasses('primary', 'md')}
                  onClick={() => list.add(product, quantityToAdd)}
                >
                  {t('detail.addToList')}
                </button>
              )}
            </div>

            <div className="flex flex-wrap items-center gap-3 border-t border-brand-100 pt-5" {...KEEP_CLEAR}>
              <a href={`tel:${SITE.phones.main.tel}`} className={buttonClasses('secondary', 'md')}>
                <PhoneIcon className="size-4" />
                {t('detail.callUs')}
                <span className="sr-only"> {SITE.phones.main.display}</span>
              </a>
              <ShareButton title={product.name} />
            </div>
          </div>
        </div>
      </article>

      {related.length > 0 ? (
        <HydrateLater>
          <section aria-labelledby={relatedId} className="mx-auto max-w-7xl px-4 pb-12">
            <h2 id={relatedId} className="mb-6 font-serif text-2xl text-brand-900">
              {t('detail.related', { category: categoryName })}
            </h2>
            <ProductGrid products={related} headingLevel="h3" eagerCount={0} />
          </section>
        </HydrateLater>
      ) : null}
    </div>
  );
}

/** The page's own answer when there is no product to show: not found, or failed to load. */
export function ProductDetailProblem({ isNotFound }: { isNotFound: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className={`font-serif text-3xl ${isNotFound ? 'text-brand-900' : 'text-red-700'}`}>
        {isNotFound ? t('detail.notFound') : t('detail.failed')}
      </h1>
      {isNotFound ? <p className="mt-4 text-gray-700">{t('detail.notFoundHint')}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {isNotFound ? null : <RetryButton label={t('detail.retry')} />}
        <PrefixedLink to="/shopall" className={buttonClasses('primary', 'md')}>
          {t('detail.browseAll')}
        </PrefixedLink>
      </div>
    </section>
  );
}
