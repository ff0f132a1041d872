import { orderSourcesSchema } from '@catalogue/shared/schemas/selection';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';

/**
 * On the admin's order view: "from selection X (link for Y)" for each selection link the request
 * followed; nothing at all when it followed none (or while it loads, or if that read fails).
 */
export function OrderSource({ orderId }: { orderId: string }) {
  const { t } = useTranslation('selections-admin');
  const { data } = useApiQuery(`/selections/orders/${encodeURIComponent(orderId)}`, orderSourcesSchema);
  if (!data?.sources.length) return null;
  return (
    <div
      className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm"
      data-testid="order-source"
    >
      <p className="font-semibold text-ink">{t('source.label')}</p>
      <ul className="mt-1 space-y-1">
        {data.sources.map((source) => (
          <li key={source.linkId}>
            <PrefixedLink to={`/selections/${source.selectionId}`} className="text-brand-800 underline">
              {t('source.value', { title: source.title, name: source.recipient.name })}
            </PrefixedLink>
            {source.recorded ? null : <span className="text-gray-700"> · {t('source.byAccount')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
