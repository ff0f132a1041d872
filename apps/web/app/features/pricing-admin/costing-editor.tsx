import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  costingAnswerSchema,
  EXTRA_KINDS,
  MAKING_BASES,
  METALS,
  PRICING_MODES,
  PricingError,
  priceUnit,
  ratesAnswerSchema,
  STONE_BASES,
  type CostingAnswer,
  type CostingValue,
  type Costing,
  type Metal,
} from '@catalogue/shared/schemas/pricing';
import { majorToMinor, minorToMajor } from '@catalogue/shared/domain/quotation';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest, checkAnswer } from '~/lib/api-client';
import { useApiQuery } from '~/lib/use-api-query';

const PARTS = ['metal', 'making', 'stones', 'setting', 'plating', 'extras'] as const;

type StoneDraft = {
  kind: string;
  count: string;
  carats: string;
  rate: string;
  basis: string;
  suppliedByBuyer: boolean;
  handling: string;
};
type BreakDraft = { minQty: string; unitPrice: string };
type Draft = {
  pricingMode: string;
  metal: string;
  fineness: string;
  netWeight: string;
  wastage: string;
  makingBasis: string;
  makingValue: string;
  threshold: string;
  belowThreshold: string;
  stones: StoneDraft[];
  setting: string;
  plating: string;
  extras: Record<(typeof EXTRA_KINDS)[number], string>;
  hsn: string;
  gstPct: string;
  moq: string;
  casePack: string;
  priceBreaks: BreakDraft[];
};
type Errors = Record<string, string>;

/** Rupees as the ₹ (Indian grouping) text of the live price. */
function rupees(paise: number): string {
  const [whole = '0', cents = '00'] = minorToMajor(paise).split('.');
  const grouped =
    whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
      : whole;
  return `₹${grouped}.${cents}`;
}

const gramsText = (mg: number | undefined) => (mg == null ? '' : (mg / 1000).toFixed(3));
const moneyText = (paise: number | undefined) => (paise == null ? '' : minorToMajor(paise));
const numText = (n: number | undefined) => (n == null ? '' : String(n));

/** The form's boxes, from the saved costing (or a new silver design's defaults). */
function draftOf(costing: CostingValue | null): Draft {
  const extras = Object.fromEntries(
    EXTRA_KINDS.map((k) => [k, moneyText(costing?.extrasPerPiece.find((e) => e.kind === k)?.amount)]),
  ) as Draft['extras'];
  const basis = costing?.making.basis ?? 'per_gram';
  return {
    pricingMode: costing?.pricingMode ?? 'metal_linked',
    metal: costing?.metal ?? 'silver',
    fineness: numText(costing?.fineness ?? (costing ? undefined : 925)),
    netWeight: gramsText(costing?.netWeightMg),
    wastage: numText(costing?.wastagePct),
    makingBasis: basis,
    makingValue: costing
      ? basis === 'pct_of_metal'
        ? String(costing.making.value)
        : moneyText(costing.making.value)
      : '',
    threshold: gramsText(costing?.making.thresholdMg),
    belowThreshold: moneyText(costing?.making.perPieceBelowThreshold),
    stones: (costing?.stones ?? []).map((s) => ({
      kind: s.kind,
      count: numText(s.count),
      carats: s.caratsMilli == null ? '' : (s.caratsMilli / 1000).toFixed(3),
      rate: moneyText(s.rate),
      basis: s.basis,
      suppliedByBuyer: s.suppliedByBuyer ?? false,
      handling: numText(s.handlingPct),
    })),
    setting: moneyText(costing?.settingPerStone),
    plating: moneyText(costing?.platingPerPiece),
    extras,
    hsn: costing?.hsn ?? '',
    gstPct: numText(costing?.gstPct),
    moq: numText(costing?.moq),
    casePack: numText(costing?.casePack),
    priceBreaks: (costing?.priceBreaks ?? []).map((b) => ({
      minQty: String(b.minQty),
      unitPrice: moneyText(b.unitPrice),
    })),
  };
}

/** "4.25" → 4250 (thousandths), null when not a number with at most three decimals. */
function thousandths(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0')) : null;
}
function percent(text: string): number | null {
  return /^\d{1,4}(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : null;
}
function whole(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The boxes as the costing the API takes, with an error per box that is not readable. The server
 * checks the same rules (and more) and names the field it refuses.
 */
export function costingOf(d: Draft, t: (key: string) => string): { costing: Costing; errors: Errors } {
  const errors: Errors = {};
  const optional = <T,>(key: string, text: string, parse: (s: string) => T | null, bad: string) => {
    if (!text.trim()) return undefined;
    const value = parse(text);
    if (value === null) errors[key] = t(bad);
    return value ?? undefined;
  };
  const money = (key: string, text: string) => optional(key, text, majorToMinor, 'costing.badMoney');
  const linked = d.pricingMode === 'metal_linked';
  const netWeightMg = optional('netWeight', d.netWeight, thousandths, 'costing.badNumber');
  const fineness = optional('fineness', d.fineness, whole, 'costing.badWhole');
  if (linked && netWeightMg == null && !errors.netWeight) errors.netWeight = t('costing.required');
  if (linked && fineness == null && !errors.fineness) errors.fineness = t('costing.required');
  const isPct = d.makingBasis === 'pct_of_metal';
  const makingValue = isPct
    ? optional('makingValue', d.makingValue, percent, 'costing.badNumber')
    : money('makingValue', d.makingValue);
  // A threshold belongs to the per-gram basis only (its box is hidden for the others).
  const thresholdMg =
    d.makingBasis === 'per_gram'
      ? optional('threshold', d.threshold, thousandths, 'costing.badNumber')
      : undefined;
  const costing: Costing = {
    pricingMode: d.pricingMode as Costing['pricingMode'],
    ...(linked ? { metal: d.metal as Metal, fineness } : {}),
    netWeightMg,
    wastagePct: optional('wastage', d.wastage, percent, 'costing.badNumber'),
    making: {
      basis: d.makingBasis as Costing['making']['basis'],
      value: makingValue ?? 0,
      ...(thresholdMg != null
        ? { thresholdMg, perPieceBelowThreshold: money('belowThreshold', d.belowThreshold) }
        : {}),
    },
    stones: d.stones.map((s, i) => ({
      kind: s.kind.trim(),
      count: optional(`stone${i}.count`, s.count, whole, 'costing.badWhole'),
      caratsMilli: optional(`stone${i}.carats`, s.carats, thousandths, 'costing.badNumber'),
      rate: money(`stone${i}.rate`, s.rate) ?? 0,
      basis: s.basis as Costing['stones'][number]['basis'],
      ...(s.suppliedByBuyer
        ? {
            suppliedByBuyer: true,
            handlingPct: optional(`stone${i}.handlingPct`, s.handling, percent, 'costing.badNumber'),
          }
        : {}),
    })),
    settingPerStone: money('setting', d.setting),
    platingPerPiece: money('plating', d.plating),
    extrasPerPiece: EXTRA_KINDS.flatMap((kind) => {
      const amount = money(`extra.${kind}`, d.extras[kind]);
      return amount ? [{ kind, amount }] : [];
    }),
    hsn: d.hsn.trim() || undefined,
    gstPct: optional('gstPct', d.gstPct, percent, 'costing.badNumber'),
    moq: optional('moq', d.moq, whole, 'costing.badWhole'),
    casePack: optional('casePack', d.casePack, whole, 'costing.badWhole'),
    priceBreaks: d.priceBreaks.map((b, i) => ({
      minQty: optional(`break${i}.minQty`, b.minQty, whole, 'costing.badWhole') ?? 0,
      unitPrice: money(`break${i}.unitPrice`, b.unitPrice) ?? 0,
    })),
  };
  return { costing, errors };
}

/** The server's field name (`netWeightMg`, `making.value`, `stones.0.rate`) as the form's box. */
function boxOf(path: string): string {
  const map: Record<string, string> = {
    netWeightMg: 'netWeight',
    wastagePct: 'wastage',
    'making.value': 'makingValue',
    'making.thresholdMg': 'threshold',
    'making.perPieceBelowThreshold': 'belowThreshold',
    settingPerStone: 'setting',
    platingPerPiece: 'plating',
  };
  const stone = /^stones\.(\d+)\.(\w+)$/.exec(path);
  if (stone) return `stone${stone[1]}.${stone[2] === 'caratsMilli' ? 'carats' : stone[2]}`;
  const brk = /^priceBreaks\.(\d+)\.(\w+)$/.exec(path);
  if (brk) return `break${brk[1]}.${brk[2]}`;
  return map[path] ?? path;
}

/**
 * A design's costing (admins only): pricing mode, metal and fineness, net weight, wastage, making,
 * stones, setting, plating, extras, HSN, GST, minimum order, pack size and price breaks. The price
 * of one piece is computed live in the browser from today's rates by the same pricing rules the
 * server uses; "Save costing" stores it (`PUT /api/products/admin/{id}/costing`) and shows the
 * server's suggested price.
 */
export function CostingEditor({ productId }: { productId: string }) {
  const { t } = useTranslation('pricing-admin');
  const path = `/products/admin/${encodeURIComponent(productId)}/costing`;
  const saved = useApiQuery(path, costingAnswerSchema);
  const rates = useApiQuery('/rates', ratesAnswerSchema);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved.data && draft === null) setDraft(draftOf(saved.data.costing));
  }, [saved.data, draft]);

  const live = useMemo(() => {
    if (!draft) return null;
    const { costing, errors: found } = costingOf(draft, t);
    if (Object.keys(found).length) return { kind: 'incomplete' as const };
    if (costing.pricingMode === 'metal_linked' && !rates.data)
      return { kind: rates.error ? ('ratesFailed' as const) : ('loading' as const) };
    const byMetal = Object.fromEntries((rates.data?.rates ?? []).map((r) => [r.metal, r.perKgFine]));
    try {
      return { kind: 'priced' as const, price: priceUnit(costing, { rates: byMetal, exported: false }) };
    } catch (error) {
      if (error instanceof PricingError && error.code === 'NO_RATE')
        return { kind: 'noRate' as const, metal: costing.metal ?? '' };
      return { kind: 'incomplete' as const };
    }
  }, [draft, rates.data, rates.error, t]);

  if (saved.error)
    return (
      <LoadError
        message={t('costing.failed')}
        detail={saved.error.message}
        onRetry={saved.reload}
        retryLabel={t('retry')}
      />
    );
  if (!draft) return <Spinner size="md" label={t('costing.loading')} className="w-full py-8" />;

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setStone = (i: number, patch: Partial<StoneDraft>) =>
    set({ stones: draft.stones.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const setBreak = (i: number, patch: Partial<BreakDraft>) =>
    set({ priceBreaks: draft.priceBreaks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const linked = draft.pricingMode === 'metal_linked';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const { costing, errors: found } = costingOf(draft, t);
    setErrors(found);
    setNotice('');
    if (Object.keys(found).length) return setProblem(t('costing.fix'));
    setProblem(null);
    setBusy(true);
    try {
      const answer: CostingAnswer = checkAnswer(
        await apiRequest(path, { method: 'PUT', json: costing }),
        costingAnswerSchema,
      );
      setNotice(
        answer.suggested
          ? t('costing.saved', { price: rupees(answer.suggested.unitPrice) })
          : t('costing.savedUnpriced', { reason: answer.unpricedReason ?? '' }),
      );
    } catch (reason) {
      const error = reason instanceof ApiError ? reason : new ApiError(0, String(reason));
      setProblem(error.message);
      setErrors(Object.fromEntries(error.issues.map((issue) => [boxOf(issue.path), issue.message])));
    } finally {
      setBusy(false);
    }
  }

  const grid = 'grid gap-3 sm:grid-cols-3';
  return (
    <section
      aria-labelledby="costing-title"
      className="max-w-2xl space-y-4 rounded-lg border border-gray-200 p-4"
    >
      <h2 id="costing-title" className="font-serif text-2xl text-brand-900">
        {t('costing.title')}
      </h2>
      <p className="text-sm text-gray-700">{saved.data?.costing ? t('costing.intro') : t('costing.none')}</p>
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-4">
        <div className={grid}>
          <SelectField
            label={t('costing.pricingMode')}
            value={draft.pricingMode}
            onChange={(e) => set({ pricingMode: e.target.value })}
            options={PRICING_MODES.map((m) => ({ value: m, label: t(`costing.mode.${m}`) }))}
          />
          {linked ? (
            <>
              <SelectField
                label={t('costing.metal')}
                value={draft.metal}
                onChange={(e) => set({ metal: e.target.value })}
                options={METALS.map((m) => ({ value: m, label: t(`metal.${m}`) }))}
              />
              <TextField
                label={t('costing.fineness')}
                hint={t('costing.finenessHint')}
                inputMode="numeric"
                value={draft.fineness}
                onChange={(e) => set({ fineness: e.target.value })}
                error={errors.fineness}
              />
            </>
          ) : null}
          <TextField
            label={t('costing.netWeight')}
            inputMode="decimal"
            value={draft.netWeight}
            onChange={(e) => set({ netWeight: e.target.value })}
            error={errors.netWeight}
          />
          {linked ? (
            <TextField
              label={t('costing.wastage')}
              inputMode="decimal"
              value={draft.wastage}
              onChange={(e) => set({ wastage: e.target.value })}
              error={errors.wastage}
            />
          ) : null}
        </div>
        <div className={grid}>
          <SelectField
            label={t('costing.makingBasis')}
            value={draft.makingBasis}
            onChange={(e) => set({ makingBasis: e.target.value })}
            options={MAKING_BASES.map((b) => ({ value: b, label: t(`costing.basis.${b}`) }))}
          />
          <TextField
            label={
              draft.makingBasis === 'pct_of_metal'
                ? t('costing.makingValuePct')
                : t('costing.makingValueMoney')
            }
            inputMode="decimal"
            value={draft.makingValue}
            onChange={(e) => set({ makingValue: e.target.value })}
            error={errors.makingValue}
          />
          {draft.makingBasis === 'per_gram' ? (
            <>
              <TextField
                label={t('costing.threshold')}
                hint={t('costing.thresholdHint')}
                inputMode="decimal"
                value={draft.threshold}
                onChange={(e) => set({ threshold: e.target.value })}
                error={errors.threshold}
              />
              {draft.threshold.trim() ? (
                <TextField
                  label={t('costing.belowThreshold')}
                  inputMode="decimal"
                  value={draft.belowThreshold}
                  onChange={(e) => set({ belowThreshold: e.target.value })}
                  error={errors.belowThreshold}
                />
              ) : null}
            </>
          ) : null}
        </div>

        <fieldset className="space-y-2">
          <legend className="font-semibold">{t('costing.stones')}</legend>
          {draft.stones.map((s, i) => (
            <div key={i} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-4">
              <TextField
                label={t('costing.stoneKind')}
                value={s.kind}
                maxLength={60}
                onChange={(e) => setStone(i, { kind: e.target.value })}
                error={errors[`stone${i}.kind`]}
              />
              <TextField
                label={t('costing.stoneCount')}
                inputMode="numeric"
                value={s.count}
                onChange={(e) => setStone(i, { count: e.target.value })}
                error={errors[`stone${i}.count`]}
              />
              <TextField
                label={t('costing.stoneCarats')}
                inputMode="decimal"
                value={s.carats}
                onChange={(e) => setStone(i, { carats: e.target.value })}
                error={errors[`stone${i}.carats`]}
              />
              <TextField
                label={t('costing.stoneRate')}
                inputMode="decimal"
                value={s.rate}
                onChange={(e) => setStone(i, { rate: e.target.value })}
                error={errors[`stone${i}.rate`]}
              />
              <SelectField
                label={t('costing.stoneBasis')}
                value={s.basis}
                onChange={(e) => setStone(i, { basis: e.target.value })}
                options={STONE_BASES.map((b) => ({ value: b, label: t(`costing.stoneBasisValue.${b}`) }))}
              />
              <label className="flex min-h-11 items-center gap-2 self-end text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={s.suppliedByBuyer}
                  onChange={(e) => setStone(i, { suppliedByBuyer: e.target.checked })}
                />
                {t('costing.suppliedByBuyer')}
              </label>
              {s.suppliedByBuyer ? (
                <TextField
                  label={t('costing.handlingPct')}
                  inputMode="decimal"
                  value={s.handling}
                  onChange={(e) => setStone(i, { handling: e.target.value })}
                  error={errors[`stone${i}.handlingPct`]}
                />
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('costing.removeStone', { n: i + 1 })}
                onClick={() => set({ stones: draft.stones.filter((_, j) => j !== i) })}
              >
                ×
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              set({
                stones: [
                  ...draft.stones,
                  {
                    kind: '',
                    count: '',
                    carats: '',
                    rate: '',
                    basis: 'per_piece',
                    suppliedByBuyer: false,
                    handling: '',
                  },
                ],
              })
            }
          >
            {t('costing.addStone')}
          </Button>
        </fieldset>

        <div className={grid}>
          <TextField
            label={t('costing.setting')}
            inputMode="decimal"
            value={draft.setting}
            onChange={(e) => set({ setting: e.target.value })}
            error={errors.setting}
          />
          <TextField
            label={t('costing.plating')}
            inputMode="decimal"
            value={draft.plating}
            onChange={(e) => set({ plating: e.target.value })}
            error={errors.plating}
          />
          {EXTRA_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={t(`costing.extras.${kind}`)}
              inputMode="decimal"
              value={draft.extras[kind]}
              onChange={(e) => set({ extras: { ...draft.extras, [kind]: e.target.value } })}
              error={errors[`extra.${kind}`]}
            />
          ))}
        </div>
        <div className={grid}>
          <TextField
            label={t('costing.hsn')}
            inputMode="numeric"
            maxLength={8}
            value={draft.hsn}
            onChange={(e) => set({ hsn: e.target.value })}
            error={errors.hsn}
          />
          <TextField
            label={t('costing.gstPct')}
            hint={t('costing.gstHint')}
            inputMode="decimal"
            value={draft.gstPct}
            onChange={(e) => set({ gstPct: e.target.value })}
            error={errors.gstPct}
          />
          <TextField
            label={t('costing.moq')}
            inputMode="numeric"
            value={draft.moq}
            onChange={(e) => set({ moq: e.target.value })}
            error={errors.moq}
          />
          <TextField
            label={t('costing.casePack')}
            inputMode="numeric"
            value={draft.casePack}
            onChange={(e) => set({ casePack: e.target.value })}
            error={errors.casePack}
          />
        </div>

        <fieldset className="space-y-2">
          <legend className="font-semibold">{t('costing.priceBreaks')}</legend>
          {errors.priceBreaks ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.priceBreaks}
            </p>
          ) : null}
          {draft.priceBreaks.map((b, i) => (
            <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
              <TextField
                label={t('costing.breakQty')}
                inputMode="numeric"
                value={b.minQty}
                onChange={(e) => setBreak(i, { minQty: e.target.value })}
                error={errors[`break${i}.minQty`]}
              />
              <TextField
                label={t('costing.breakPrice')}
                inputMode="decimal"
                value={b.unitPrice}
                onChange={(e) => setBreak(i, { unitPrice: e.target.value })}
                error={errors[`break${i}.unitPrice`]}
              />
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('costing.removeBreak', { n: i + 1 })}
                onClick={() => set({ priceBreaks: draft.priceBreaks.filter((_, j) => j !== i) })}
              >
                ×
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => set({ priceBreaks: [...draft.priceBreaks, { minQty: '', unitPrice: '' }] })}
          >
            {t('costing.addBreak')}
          </Button>
        </fieldset>

        <section aria-labelledby="costing-live" aria-live="polite" className="rounded-md bg-brand-50 p-3">
          <h3 id="costing-live" className="font-semibold">
            {t('costing.live')}
          </h3>
          {live?.kind === 'priced' ? (
            <>
              <p className="font-serif text-2xl text-brand-900">
                {t('costing.unit')}: {rupees(live.price.unitPrice)}
              </p>
              <dl className="grid grid-cols-3 gap-x-4 text-sm sm:grid-cols-6">
                {PARTS.map((p) => (
                  <div key={p}>
                    <dt className="text-gray-700">{t(`costing.part.${p}`)}</dt>
                    <dd>{rupees(live.price.breakdown[p])}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : live?.kind === 'noRate' ? (
            <p className="text-sm">{t('costing.liveNoRate', { metal: t(`metal.${live.metal}`) })}</p>
          ) : live?.kind === 'ratesFailed' ? (
            <p className="text-sm">{t('costing.ratesFailed')}</p>
          ) : live?.kind === 'loading' ? (
            <Spinner size="sm" label={t('loading')} />
          ) : (
            <p className="text-sm">{t('costing.liveIncomplete')}</p>
          )}
        </section>

        {problem ? <Notice tone="error" text={problem} /> : null}
        {notice ? <Notice tone="success" text={notice} /> : null}
        <Button type="submit" disabled={busy}>
          {busy ? t('costing.saving') : t('costing.save')}
        </Button>
      </form>
    </section>
  );
}
