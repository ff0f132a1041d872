import { useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { formatNumber } from '@catalogue/shared/format-number';
import {
  minimumOrderOf,
  readCartQuantity,
  readTypedQuantity,
  type QuantityLimit,
  type TypedQuantityRule,
} from '@catalogue/shared/domain/enquiry-list';
import { MAX_QUANTITY, MIN_QUANTITY } from '@catalogue/shared/domain/limits';

export type { TypedQuantityRule };

type QuantityControlProps = {
  value: number;
  onChange: (quantity: number) => void;
  rule?: TypedQuantityRule;
  /** Names the product in the accessible labels, so a grid of cards has distinct controls. */
  productName?: string;
  size?: 'sm' | 'md';
  inputRef?: React.Ref<HTMLInputElement>;
  /** The design's minimum order: below it, 'Minimum order is 6' is said under the control. */
  minimumOrder?: number | null | undefined;
};

/**
 * Minus, a number box (minimum 1, maximum MAX_QUANTITY) and plus. A typed value moved to either end
 * of the range ('Minimum quantity is 1') is said under the control until the next change.
 * Text that is not a number yet (an empty box mid-edit) is never committed; the box shows the real
 * quantity again when it loses focus, except in the cart, which sets 1 then.
 * A quantity below the design's minimum order stays as it is (the buyer decides) and is flagged
 * under the control with that minimum for as long as it is below it.
 */
export function QuantityControl({
  value,
  onChange,
  rule = 'raise-to-minimum',
  productName,
  size = 'sm',
  inputRef,
  minimumOrder,
}: QuantityControlProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const noticeId = useId();
  const minimumId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [limit, setLimit] = useState<QuantityLimit | null>(null);
  const button = size === 'sm' ? 'h-9 w-9 text-lg' : 'h-11 w-11 text-xl';
  const box = size === 'sm' ? 'h-9 w-14 text-sm' : 'h-11 w-20 text-base';
  const change = (next: number) => {
    setDraft(null);
    setLimit(null);
    onChange(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, next)));
  };
  const commit = (typed: { quantity: number; limit: QuantityLimit | null }) => {
    setDraft(null);
    setLimit(typed.limit);
    if (typed.quantity !== value) onChange(typed.quantity);
  };
  const label = productName ? t('quantity.labelFor', { name: productName }) : t('quantity.label');
  const minimum = minimumOrderOf(minimumOrder);
  const isBelowMinimum = minimum !== null && value < minimum;
  const describedBy = [limit ? noticeId : null, isBelowMinimum ? minimumId : null].filter(Boolean);

  return (
    <div className="inline-flex flex-col items-start gap-1">
      <div className="inline-flex items-stretch overflow-hidden rounded-md border border-brand-600/40 bg-white">
        <button
          type="button"
          className={`${button} flex items-center justify-center text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-400`}
          onClick={() => change(value - 1)}
          disabled={value <= MIN_QUANTITY}
          aria-label={productName ? t('quantity.decreaseFor', { name: productName }) : t('quantity.decrease')}
          aria-controls={id}
        >
          <span aria-hidden="true">−</span>
        </button>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={draft ?? String(value)}
          aria-invalid={limit || isBelowMinimum ? true : undefined}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          onChange={(event) => {
            const typed = readTypedQuantity(event.target.value, rule);
            // Half-typed or ignored text stays in the box without touching the list.
            if (typed.quantity === null) setDraft(event.target.value);
            else commit({ quantity: typed.quantity, limit: typed.limit });
          }}
          onBlur={() => {
            if (draft !== null && rule === 'cart-fallback') commit(readCartQuantity(draft));
            setDraft(null);
          }}
          className={`${box} border-x border-brand-600/40 text-center tabular-nums [appearance:textfield] focus-visible:outline-offset-0 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
        />
        <button
          type="button"
          className={`${button} flex items-center justify-center text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-400`}
          onClick={() => change(value + 1)}
          disabled={value >= MAX_QUANTITY}
          aria-label={productName ? t('quantity.increaseFor', { name: productName }) : t('quantity.increase')}
          aria-controls={id}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {limit ? (
        <p id={noticeId} role="alert" className="text-sm text-red-700">
          {t(`quantity.${limit}`, {
            limit: formatNumber(limit === 'minimum' ? MIN_QUANTITY : MAX_QUANTITY),
          })}
        </p>
      ) : null}
      {isBelowMinimum ? (
        <p id={minimumId} role="status" className="text-sm font-medium text-red-700">
          {t('quantity.minimumOrder', { minimum: formatNumber(minimum ?? MIN_QUANTITY) })}
        </p>
      ) : null}
    </div>
  );
}
