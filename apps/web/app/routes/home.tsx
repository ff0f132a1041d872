import { useLoaderData } from 'react-router';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import type { Product } from '@catalogue/shared/schemas/product';
import type { Route } from './+types/home';
import type { CardProduct } from '~/features/catalogue/product-card';
import { catalogueOf } from '~/features/catalogue/catalogue.server';
import { ProductCarousel } from '~/features/catalogue/product-carousel';
import { ProductGrid } from '~/features/catalogue/product-grid';
import { BannerCarousel } from '~/features/home/banner-carousel';
import { faqEntries } from '~/features/home/faq';
import { FaqSection } from '~/features/home/faq-section';
import {
  CategoryGrid,
  ExploreMore,
  LatestCollection,
  NeedMoreHelp,
  VideoSection,
  WhoWeAre,
} from '~/features/home/home-sections';
import { WhyUs } from '~/features/home/why-us';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { faqPageJsonLd } from '~/features/seo/structured-data';
import { loadWithRetries } from '~/lib/load-with-retries';

/** Products for the Most Loved carousel: the newest after the latest collection. */
const MOST_LOVED_COUNT = 12;

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = catalogueOf(context);
  const [latest, loved] = await Promise.allSettled([
    catalogue.listPage({ page: 1, limit: PAGE_SIZE.homeLatest }),
    catalogue.listNewest(PAGE_SIZE.homeLatest + MOST_LOVED_COUNT),
  ]);
  return {
    latest:
      latest.status === 'fulfilled'
        ? { products: latest.value.products.map(toCard), totalItems: latest.value.totalItems }
        : null,
    // The carousel is decoration: when it fails, the section is left out (logged only).
    mostLoved: loved.status === 'fulfilled' ? pickMostLoved(loved.value).map(toCard) : [],
  };
}

/** On client-side navigation: 3 attempts, 1 s apart, then the latest collection's failure text. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.latest === null,
    onFailure: () => ({ latest: null, mostLoved: [] }),
  });
}

/** Only what a card shows travels to the browser (no descriptions). */
function toCard({
  _id,
  name,
  category,
  code,
  price,
  imageUrl,
  imageurl,
  cloudinaryId,
  createdAt,
  minOrderQuantity,
}: Product): CardProduct {
  return { _id, name, category, code, price, imageUrl, imageurl, cloudinaryId, createdAt, minOrderQuantity };
}

function pickMostLoved(products: Product[]): Product[] {
  const rest = products.slice(PAGE_SIZE.homeLatest);
  return rest.length > 0 ? rest : products;
}

export default function HomePage() {
  const { latest, mostLoved } = useLoaderData<typeof loader>();
  return (
    <>
      <BannerCarousel />
      <LatestCollection
        className="mt-10"
        hasFailed={latest === null}
        shown={latest?.products.length ?? 0}
        totalItems={latest?.totalItems ?? 0}
      >
        {latest ? <ProductGrid products={latest.products} headingLevel="h3" eagerCount={0} /> : null}
      </LatestCollection>
      <WhoWeAre className="mt-16" />
      <WhyUs className="mt-16" />
      <ExploreMore className="mt-16" />
      {mostLoved.length > 0 ? (
        <div className="mx-auto mt-16 max-w-7xl px-4">
          <ProductCarousel products={mostLoved} />
        </div>
      ) : null}
      <VideoSection className="mt-16" />
      <FaqSection className="mt-16" />
      <NeedMoreHelp className="mt-16" />
      <CategoryGrid className="mt-16" />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const { texts } = seoContextOf(args.matches);
  return pageMeta(args, { jsonLd: [faqPageJsonLd(faqEntries(texts.home))] });
};
