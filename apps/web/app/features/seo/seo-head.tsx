import { useLocation } from 'react-router';
import { SITE } from '@catalogue/shared/domain/site';
import { absoluteUrl, alternatesFor, canonicalPath } from '~/features/seo/seo';
import { jsonLdScript, organizationJsonLd } from '~/features/seo/structured-data';

type SeoHeadProps = {
  siteUrl: string;
  /** Value of the search-engine site verification tag (configuration); omitted when empty. */
  siteVerification: string;
  organizationDescription: string;
};

/**
 * The head tags every page shares, derived from its address: canonical, og:url, hreflang
 * alternates with x-default, the site verification tag and the Organization JSON-LD. Route `meta`
 * adds the page's own title, description, keywords and images (features/seo/seo.ts, pageMeta).
 */
export function SeoHead({ siteUrl, siteVerification, organizationDescription }: SeoHeadProps) {
  const { pathname, search } = useLocation();
  const canonical = absoluteUrl(siteUrl, canonicalPath(pathname, search));
  return (
    <>
      {siteVerification ? <meta name="google-site-verification" content={siteVerification} /> : null}
      <link rel="canonical" href={canonical} />
      <meta property="og:url" content={canonical} />
      {alternatesFor(siteUrl, pathname).map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLdScript(organizationJsonLd(siteUrl, organizationDescription)),
        }}
      />
      <meta name="application-name" content={SITE.name} />
    </>
  );
}
