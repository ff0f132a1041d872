import { useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { readCartQuantity } from '@catalogue/shared/domain/enquiry-list';
import { MAX_QUANTITY, MIN_QUANTITY } from '@catalogue/shared/domain/limits';

/**
 * How typed text becomes a quantity. Cards raise anything below 1 to 1 (spec §5); the detail page
 * ignores non-numeric or zero input. Text that is not a number yet (an empty box mid-edit) is
 * never committed; the box shows the real quantity again when it loses focus. The cart
 * (`cart-fallback`) also raises values below 1, reporting them, and sets 1 when the box is left
 * holding something that is not a number.
 */
export type TypedQuantityRule = 'raise-to-minimum' | 'ignore-below-minimum' | 'cart-fallback';

export function parseTypedQuantity(text: string, rule: TypedQuantityRule): number | null {
  if (!/^\s*-?\d+\s*$/.test(text)) return null;
  const n = Number.parseInt(text, 10);
  if (n < MIN_QUANTITY) return rule === 'raise-to-minimum' ? MIN_QUANTITY : null;
  return Math.min(n, MAX_QUANTITY);
}

type QuantityControlProps = {
  value: number;
  onChange: (quantity: number) => void;
  rule?: TypedQuantityRule;
  /** Names the product in the accessible labels, so a grid of cards has distinct controls. */
  productName?: string;
  size?: 'sm' | 'md';
  inputRef?: React.Ref<HTMLInputElement>;
  /** Called when a value below 1 was typed and raised to 1 (the cart shows a message). */
  onBelowMinimum?: () => void;
  /** The id of a message about this box (marks it invalid too). */
  errorId?: string;
};

/** Minus, a number box (minimum 1) and plus. */
export function QuantityControl({
  value,
  onChange,
  rule = 'raise-to-minimum',
  productName,
  size = 'sm',
  inputRef,
  onBelowMinimum,
  errorId,
}: QuantityControlProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const button = size === 'sm' ? 'h-9 w-9 text-lg' : 'h-11 w-11 text-xl';
  const box = size === 'sm' ? 'h-9 w-14 text-sm' : 'h-11 w-20 text-base';
  const change = (next: number) => {
    setDraft(null);
    onChange(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, next)));
  };
  const label = productName ? t('quantity.labelFor', { name: productName }) : t('quantity.label');

  return (
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
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          if (rule === 'cart-fallback' && /^\s*-?\d+\s*$/.test(event.target.value)) {
            const typed = readCartQuantity(event.target.value);
            setDraft(null);
            if (typed.quantity !== value) onChange(typed.quantity);
            if (typed.isBelowMinimum) onBelowMinimum?.();
            return;
          }
          const parsed = parseTypedQuantity(event.target.value, rule);
          // Half-typed or refused text stays in the box without touching the list.
          setDraft(parsed === null ? event.target.value : null);
          if (parsed !== null && parsed !== value) onChange(parsed);
        }}
        onBlur={() => {
          if (draft !== null && rule === 'cart-fallback') {
            const typed = readCartQuantity(draft);
            if (typed.quantity !== value) onChange(typed.quantity);
            if (typed.isBelowMinimum) onBelowMinimum?.();
          }
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
  );
}
