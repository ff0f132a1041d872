import { useTranslation } from '~/lib/i18n';
import type { EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import { Button, ButtonLink } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { productPath } from '~/lib/paths';
import { ProductImage } from '~/components/product-image';
import { QuantityControl } from '~/components/quantity-control';
import { KEEP_CLEAR } from '~/lib/keep-clear';

type CartLinesProps = {
  lines: readonly EnquiryLine[];
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
};

function CartLineItem({
  line,
  onQuantity,
  onRemove,
}: {
  line: EnquiryLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cart');
  const name = line.name || t('lines.unnamed');
  return (
    <li className="flex gap-4 py-4">
      <PrefixedLink to={productPath(line._id)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <ProductImage
          product={line}
          alt=""
          preset="thumb"
          sizes="112px"
          className="size-24 rounded-md border border-brand-100 object-cover sm:size-28"
        />
      </PrefixedLink>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-semibold text-ink">
          <PrefixedLink to={productPath(line._id)} className="hover:underline">
            {name}
          </PrefixedLink>
        </h3>
        <p className="text-sm text-gray-700">
          {t('lines.code')}: {line.code || t('lines.noCode')}
        </p>
        <div className="flex flex-wrap items-start gap-3" {...KEEP_CLEAR}>
          <QuantityControl
            value={line.quantity}
            onChange={onQuantity}
            rule="cart-fallback"
            productName={name}
            minimumOrder={line.minOrderQuantity}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('lines.removeFor', { name })}
            className="text-red-700 underline-offset-2 hover:underline"
          >
            {t('lines.remove')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The designs of the enquiry list with their pictures (400×400), codes and quantities. */
export function CartLines({ lines, onQuantity, onRemove }: CartLinesProps) {
  const { t } = useTranslation('cart');
  return (
    <section aria-labelledby="cart-lines-heading">
      <h2 id="cart-lines-heading" className="font-serif text-2xl text-brand-900">
        {t('lines.heading')}{' '}
        <span className="text-base font-normal text-gray-700">
          ({t('lines.count', { count: lines.length })})
        </span>
      </h2>
      <ul className="mt-2 divide-y divide-brand-100">
        {lines.map((line) => (
          <CartLineItem
            key={line._id}
            line={line}
            onQuantity={(quantity) => onQuantity(line._id, quantity)}
            onRemove={() => onRemove(line._id)}
          />
        ))}
      </ul>
    </section>
  );
}

/** The empty state, with a way back to the catalogue. */
export function EmptyCart() {
  const { t } = useTranslation('cart');
  return (
    <section className="rounded-lg border border-dashed border-brand-600/40 bg-brand-50/50 p-8 text-center">
      <h2 className="font-serif text-2xl text-brand-900">{t('empty.title')}</h2>
      <p className="mt-2 text-gray-700">{t('empty.text')}</p>
      <ButtonLink to="/shopall" className="mt-5">
        {t('empty.browse')}
      </ButtonLink>
    </section>
  );
}
