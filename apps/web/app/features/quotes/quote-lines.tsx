import { useTranslation } from '~/lib/i18n';
import type { OrderLine } from '@catalogue/shared/schemas/order';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { FallbackImage } from '~/components/ui/fallback-image';
import { sizedImage } from '~/lib/media';
import { formatMoney } from './quote-format';

const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
/**
 * On a phone (below `sm`) the table is a stack of cards: each row a grid of the picture beside the
 * code and name, then one labelled row per figure, and the total above the lines; from `sm` up,
 * and on paper, the same elements are the table again (one DOM, so nothing is said twice).
 */
const TD = 'text-sm text-ink sm:table-cell sm:px-3 sm:py-2 sm:align-top print:table-cell';
const FIGURE = `${TD} col-span-2 flex items-baseline justify-between gap-3 sm:text-right sm:whitespace-nowrap`;
const LABEL = 'text-gray-700 sm:hidden print:hidden';

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
      className="rounded-md border border-gray-200 sm:overflow-x-auto print:overflow-visible print:border-0"
      tabIndex={0}
    >
      <table className="flex w-full flex-col sm:table sm:min-w-full sm:divide-y sm:divide-gray-200 print:table">
        <caption className="sr-only">{t('request.lines')}</caption>
        <thead className="hidden bg-brand-50 sm:table-header-group print:table-header-group print:bg-transparent">
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
        <tbody className="flex flex-col divide-y divide-gray-100 bg-white sm:table-row-group print:table-row-group">
          {lines.map((line, i) => {
            const price = priced[i];
            return (
              <tr
                key={`${line.productId ?? line.sku}-${i}`}
                className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 p-3 break-inside-avoid sm:table-row sm:p-0 print:table-row"
              >
                <td className={`${TD} row-span-2`}>
                  <LinePicture imageUrl={line.imageUrl} name={line.name} />
                </td>
                <td className={`${TD} font-semibold sm:font-normal`}>{line.sku}</td>
                <td className={TD}>
                  {line.name}
                  {price?.note ? <p className="mt-1 text-gray-700">{price.note}</p> : null}
                </td>
                <td className={FIGURE}>
                  <span className={LABEL}>{t('request.quantity')}</span>
                  <span>{line.quantity}</span>
                </td>
                {quote ? (
                  <>
                    <td className={FIGURE}>
                      <span className={LABEL}>{t('request.unitPrice')}</span>
                      <span>{price ? formatMoney(price.unitPrice, quote.currency) : ''}</span>
                    </td>
                    <td className={FIGURE}>
                      <span className={LABEL}>{t('request.moq')}</span>
                      <span>{price?.moq ?? ''}</span>
                    </td>
                    <td className={`${FIGURE} font-semibold sm:font-normal`}>
                      <span className={LABEL}>{t('request.amount')}</span>
                      <span>{price ? formatMoney(price.lineTotal, quote.currency) : ''}</span>
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
        {quote ? (
          // On a phone the total comes first (order-first), so it is read before the lines.
          <tfoot className="order-first border-b-2 border-brand-700 bg-brand-50 sm:table-footer-group sm:border-b-0 sm:bg-transparent print:table-footer-group">
            <tr className="flex items-baseline justify-between gap-3 px-3 py-2 sm:table-row sm:border-t-2 sm:border-brand-700 sm:p-0 print:table-row">
              <th
                scope="row"
                colSpan={6}
                className="text-left text-sm font-semibold text-ink sm:px-3 sm:py-2 sm:text-right"
              >
                {t('request.total')}
              </th>
              <td className="text-sm font-semibold whitespace-nowrap text-ink sm:table-cell sm:px-3 sm:py-2 sm:text-right print:table-cell">
                {formatMoney(quote.total, quote.currency)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
