import { useTranslation } from '~/lib/i18n';
import { countryLabel } from '@catalogue/shared/domain/countries';
import { BreakableText } from '~/components/ui/breakable-text';
import { CountryFlag } from '~/components/ui/country-select';

/** A country as its flag and code (our own flag pictures), or N/A when none was given. */
export function CountryCell({ code }: { code: string }) {
  const { t } = useTranslation('admin-content');
  if (!code) return <>{t('common.notAvailable')}</>;
  return (
    <span className="inline-flex items-center gap-2" title={countryLabel(code) ?? code}>
      <CountryFlag code={code} />
      {code}
    </span>
  );
}

/** A buyer's website as a link that always leaves the site over http(s), or N/A. */
export function WebsiteLink({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation('admin-content');
  const href = websiteHref(url);
  if (!href || !url) return <>{t('common.notAvailable')}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
      <BreakableText text={url} />
    </a>
  );
}

/** `www.example.com` → `https://www.example.com`; anything that is not http(s) is not a link. */
export function websiteHref(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
