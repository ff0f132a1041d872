import { data, isRouteErrorResponse } from 'react-router';
import { isId } from '@catalogue/shared/domain/ids';
import { catalogueCrumbs } from '~/features/catalogue/breadcrumbs';
import { PAGE_FIELDS, catalogueOf } from '~/features/catalogue/catalogue.server';
import { ProductDetail, ProductDetailProblem } from '~/features/catalogue/product-detail';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { breadcrumbJsonLd, productJsonLd } from '~/features/seo/structured-data';
import { imageSourceOf, sizedImage } from '~/lib/media';
import type { Route } from './+types/single-product';
import { loadWithRetries } from '~/lib/load-with-retries';

/** More designs from the same category below the product. */
const RELATED_COUNT = 4;

export async function loader({ params, context }: Route.LoaderArgs) {
  // No id, or one that cannot be an id, is the same "Product not found" with a real 404.
  if (!params.id || !isId(params.id)) throw data('not-found', { status: 404 });
  const catalogue = catalogueOf(context);
  let product;
  try {
    product = await catalogue.getById(params.id);
  } catch (error) {
    context.log.error({ err: error }, 'product detail failed');
    throw data('failed', { status: 500 });
  }
  if (!product) throw data('not-found', { status: 404 });
  // The product is the page; a failure of the block below it must not take the page down.
  const related = await catalogue.listRelated(product, RELATED_COUNT).catch((error: unknown) => {
    context.log.error({ err: error }, 'related products failed');
    return [];
  });
  return { product, related, specFields: PAGE_FIELDS, publicPrices: context.publicEnv.publicPrices };
}

/**
 * On client-side navigation: 3 attempts, 1 s apart; then the error boundary below says
 * 'Failed to fetch product details.' inside the page's frame. A 404 is not retried.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadWithRetries(serverLoader);
}

export default function SingleProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductDetail
      product={loaderData.product}
      related={loaderData.related}
      specFields={loaderData.specFields}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const { siteUrl, texts } = seoContextOf(args.matches);
  const product = args.data?.product;
  if (!product) {
    const detail = (texts.catalogue as { detail?: { notFound?: string } } | undefined)?.detail;
    return pageMeta(args, { title: detail?.notFound ?? 'Product not found', noindex: true });
  }
  const crumbs = catalogueCrumbs(texts, args.location.pathname, { category: product.category, product });
  const image = sizedImage(imageSourceOf(product), 'listing').src;
  const path = `/singleproduct/${encodeURIComponent(product._id)}`;
  return pageMeta(args, {
    title: product.name,
    description: product.description.slice(0, 160),
    image,
    type: 'product',
    jsonLd: [
      breadcrumbJsonLd(siteUrl, crumbs),
      productJsonLd(siteUrl, product, { path, image, publicPrices: args.data?.publicPrices === true }),
    ],
  });
}

/**
 * The product page keeps its own boundary, the one exception to the root's: a product that is gone
 * or did not load says so in the catalogue's words and offers the whole range (Browse all), where
 * the root's generic page offers only the way home. Links to withdrawn products are common (shared
 * links, old search results), so this is the product page's usual failure, not a rare one.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductDetailProblem isNotFound={isRouteErrorResponse(error) && error.status === 404} />;
}
