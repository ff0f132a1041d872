import { useTranslation } from '~/lib/i18n';
import type { OrderLine } from '@catalogue/shared/schemas/order';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { FallbackImage } from '~/components/ui/fallback-image';
import { sizedImage } from '~/lib/media';
import { formatMoney } from './quote-format';

const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-2 text-sm text-ink align-top';

/** A line's small picture (our media at thumbnail size), or the placeholder. */
export function LinePicture({ imageUrl, name }: { imageUrl: string | null; name: string }) {
  const { src, srcSet } = sizedImage(imageUrl, 'thumb');
  return (
    <FallbackImage
      src={src}
      srcSet={srcSet}
      alt={name}
      width={56}
      height={56}
      loading="lazy"
      className="size-14 rounded border border-gray-200 object-cover print:size-12"
    />
  );
}

/**
 * The requested lines, and with a quote its prices, minimums, notes, amounts and total. Amounts
 * are the server's: the page only shows them.
 */
export function QuoteLines({ lines, quote }: { lines: readonly OrderLine[]; quote: QuoteRevision | null }) {
  const { t } = useTranslation('quotes');
  const priced = quote?.lines ?? [];
  return (
    <div
      className="overflow-x-auto rounded-md border border-gray-200 print:overflow-visible print:border-0"
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-gray-200">
        <caption className="sr-only">{t('request.lines')}</caption>
        <thead className="bg-brand-50 print:bg-transparent">
          <tr>
            <th scope="col" className={TH}>
              {t('request.picture')}
            </th>
            <th scope="col" className={TH}>
              {t('request.code')}
            </th>
            <th scope="col" className={TH}>
              {t('request.item')}
            </th>
            <th scope="col" className={`${TH} text-right`}>
              {t('request.quantity')}
            </th>
            {quote ? (
              <>
                <th scope="col" className={`${TH} text-right`}>
                  {t('request.unitPrice')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {t('request.moq')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {t('request.amount')}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {lines.map((line, i) => {
            const price = priced[i];
            return (
              <tr key={`${line.productId ?? line.sku}-${i}`} className="break-inside-avoid">
                <td className={TD}>
                  <LinePicture imageUrl={line.imageUrl} name={line.name} />
                </td>
                <td className={TD}>{line.sku}</td>
                <td className={TD}>
                  {line.name}
                  {price?.note ? <p className="mt-1 text-gray-700">{price.note}</p> : null}
                </td>
                <td className={`${TD} text-right`}>{line.quantity}</td>
                {quote ? (
                  <>
                    <td className={`${TD} text-right whitespace-nowrap`}>
                      {price ? formatMoney(price.unitPrice, quote.currency) : ''}
                    </td>
                    <td className={`${TD} text-right`}>{price?.moq ?? ''}</td>
                    <td className={`${TD} text-right whitespace-nowrap`}>
                      {price ? formatMoney(price.lineTotal, quote.currency) : ''}
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
        {quote ? (
          <tfoot>
            <tr className="border-t-2 border-brand-700">
              <th scope="row" colSpan={6} className={`${TH} text-right`}>
                {t('request.total')}
              </th>
              <td className={`${TD} text-right font-semibold whitespace-nowrap`}>
                {formatMoney(quote.total, quote.currency)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
