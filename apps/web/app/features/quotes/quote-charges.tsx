import { useTranslation } from '~/lib/i18n';
import { QUOTE_LIMITS } from '@catalogue/shared/domain/quotation';
import { CHARGE_KINDS, type Charge, type ChargeKind } from '@catalogue/shared/domain/pricing';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { parsePrice, priceText } from './quote-format';

/** A line's one-off charges as typed: a kind and an amount box each (the quote's currency). */
export type ChargeDraft = { kind: ChargeKind; amount: string };

/** One-off charges per line at most (the quote schema's limit). */
export const CHARGES_MAX = 10;

export const chargeDrafts = (charges: readonly Charge[] | undefined): ChargeDraft[] =>
  (charges ?? []).map((c) => ({ kind: c.kind, amount: priceText(c.amount) }));

/** The key of a charge's amount among the editor's errors (the server names `lines.N.charges.M.amount`). */
export const chargeKey = (line: number, charge: number) => `charge${line}-${charge}`;

/**
 * The charges as the quote takes them, or null when a box is not an amount (its message is put in
 * `found` beside it): a whole number of minor units up to the quote's largest price.
 */
export function readCharges(
  line: number,
  drafts: readonly ChargeDraft[],
  found: Record<string, string>,
  message: string,
): Charge[] | null {
  let ok = true;
  const charges = drafts.map((d, i) => {
    const amount = parsePrice(d.amount);
    if (amount === null || amount > QUOTE_LIMITS.unitPriceMax) {
      found[chargeKey(line, i)] = message;
      ok = false;
    }
    return { kind: d.kind, amount: amount ?? 0 };
  });
  return ok ? charges : null;
}

/** A line's one-off charges (sample, mould, CAD, other): added, changed and removed in place. */
export function LineCharges({
  line,
  code,
  currency,
  charges,
  errors,
  onChange,
}: {
  line: number;
  code: string;
  currency: string;
  charges: ChargeDraft[];
  errors: Record<string, string>;
  onChange: (charges: ChargeDraft[]) => void;
}) {
  const { t } = useTranslation('pricing-admin');
  const set = (i: number, patch: Partial<ChargeDraft>) =>
    onChange(charges.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="mt-2">
      <legend className="text-sm font-medium text-ink">{t('quote.chargesOf', { code })}</legend>
      {charges.length ? null : <p className="text-sm text-gray-700">{t('quote.noCharges')}</p>}
      <ul className="space-y-2">
        {charges.map((charge, i) => (
          <li key={i} className="grid items-end gap-2 sm:grid-cols-[10rem_10rem_auto]">
            <SelectField
              label={t('quote.chargeKind', { n: i + 1, code })}
              value={charge.kind}
              onChange={(e) => set(i, { kind: e.target.value as ChargeKind })}
              options={CHARGE_KINDS.map((k) => ({ value: k, label: t(`quote.chargeKinds.${k}`) }))}
            />
            <TextField
              label={t('quote.chargeAmount', { n: i + 1, code, currency })}
              inputMode="decimal"
              value={charge.amount}
              onChange={(e) => set(i, { amount: e.target.value })}
              error={errors[chargeKey(line, i)]}
            />
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onChange(charges.filter((_, j) => j !== i))}
              aria-label={t('quote.removeChargeOf', { n: i + 1, code })}
            >
              {t('quote.removeCharge')}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        className="mt-2"
        size="sm"
        variant="secondary"
        disabled={charges.length >= CHARGES_MAX}
        onClick={() => onChange([...charges, { kind: 'sample', amount: '' }])}
        aria-label={t('quote.addChargeTo', { code })}
      >
        {t('quote.addCharge')}
      </Button>
      {charges.length >= CHARGES_MAX ? (
        <p className="text-sm text-gray-700">{t('quote.chargesMax', { max: CHARGES_MAX })}</p>
      ) : null}
    </fieldset>
  );
}
