import { useId, useState, type FormEvent } from 'react';
import { majorToMinor, minorToMajor } from '@catalogue/shared/domain/quotation';
import { formatNumber } from '@catalogue/shared/format-number';
import {
  METALS,
  perKgFineFromShown,
  rateHistorySchema,
  ratesAnswerSchema,
  rateUnitOf,
  shownFromPerKgFine,
  type Metal,
  type Rate,
} from '@catalogue/shared/schemas/pricing';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { queryPlaceholder } from '~/components/ui/query-placeholder';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { niceMax } from '~/lib/chart-scale';
import { formatDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';

const FX = ['USD', 'EUR', 'GBP', 'AED'] as const;

/** ₹ amounts as the trade reads them, grouped the Indian way: 95,000.00, 1,23,456.78. */
const rupees = (paise: number) => {
  const [whole = '0', fraction = '00'] = minorToMajor(paise).split('.');
  return `${formatNumber(Number(whole))}.${fraction}`;
};

type Target = { kind: 'metal'; metal: Metal } | { kind: 'fx'; currency: string };

function RateForm({ target, onSaved }: { target: Target; onSaved: (text: string) => void }) {
  const { t } = useTranslation('pricing-admin');
  const [amount, setAmount] = useState('');
  const [source, setSource] = useState('');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const label =
    target.kind === 'fx'
      ? t('perUnit', { currency: target.currency })
      : t(rateUnitOf(target.metal) === 'per_10g' ? 'per10g' : 'perKg', { metal: t(`metal.${target.metal}`) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const paise = majorToMinor(amount);
    if (paise === null) {
      setError(t('badAmount'));
      return;
    }
    setError(null);
    setIsBusy(true);
    const effectiveAt = at ? new Date(at).toISOString() : undefined;
    try {
      if (target.kind === 'metal')
        await apiRequest('/rates', {
          method: 'POST',
          json: {
            metal: target.metal,
            perKgFine: perKgFineFromShown(target.metal, paise),
            source,
            effectiveAt,
          },
        });
      else
        await apiRequest('/rates/fx', {
          method: 'POST',
          json: { currency: target.currency, inrPerUnit: paise, source, effectiveAt },
        });
      setAmount('');
      onSaved(t('saved', { what: label }));
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.message : String(reason));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start" noValidate>
      <TextField
        label={label}
        inputMode="decimal"
        value={amount}
        required
        onChange={(e) => setAmount(e.target.value)}
        {...(error ? { error } : {})}
      />
      <TextField
        label={t('source')}
        hint={t('sourceHint')}
        value={source}
        onChange={(e) => setSource(e.target.value)}
      />
      <TextField
        label={t('effectiveAt')}
        hint={t('effectiveAtHint')}
        type="datetime-local"
        value={at}
        onChange={(e) => setAt(e.target.value)}
      />
      <Button type="submit" className="sm:mt-6" disabled={isBusy}>
        {isBusy ? t('saving') : t('save')}
      </Button>
    </form>
  );
}

function Current({
  shown,
  source,
  at,
  by,
}: {
  shown: string | null;
  source: string;
  at: string;
  by: Rate['setBy'];
}) {
  const { t, i18n } = useTranslation('pricing-admin');
  if (shown === null) return <p className="text-sm text-gray-700">{t('none')}</p>;
  return (
    <p className="text-sm text-gray-800">
      <span className="font-semibold">
        {t('current')}: ₹{shown}
      </span>{' '}
      <span className="text-gray-700">
        {t('setAt', {
          source: source || '—',
          when: formatDateTime(at, i18n.language),
          name: by?.name ?? '—',
        })}
      </span>
    </p>
  );
}

const WIDTH = 480;
const HEIGHT = 140;
const PAD = 28;

/** A small line chart of a rate over time (oldest left), with the numbers as a table beside it. */
export function HistoryChart({
  points,
  unit,
}: {
  points: { at: string; value: number; by: string }[];
  unit: string;
}) {
  const { t, i18n } = useTranslation('pricing-admin');
  const titleId = useId();
  if (!points.length) return <p className="text-sm text-gray-700">{t('historyEmpty')}</p>;
  const ordered = [...points].reverse();
  const values = ordered.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const max = niceMax(high / 100) * 100;
  const x = (i: number) => PAD + (ordered.length === 1 ? 0 : (i / (ordered.length - 1)) * (WIDTH - 2 * PAD));
  const y = (v: number) => HEIGHT - PAD - (v / max) * (HEIGHT - 2 * PAD);
  const summary = t('historySummary', {
    count: points.length,
    low: `₹${rupees(low)}`,
    high: `₹${rupees(high)}`,
  });
  return (
    <figure className="space-y-2">
      <figcaption id={titleId} className="text-sm text-gray-800">
        {summary} ({unit})
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full max-w-xl"
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="stroke-gray-300" />
        <polyline
          fill="none"
          strokeWidth={2}
          className="stroke-brand-700"
          points={ordered.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
        />
        {ordered.map((p, i) => (
          <circle key={`${p.at}-${i}`} cx={x(i)} cy={y(p.value)} r={3} className="fill-brand-700" />
        ))}
      </svg>
      <details>
        <summary className="cursor-pointer text-sm text-brand-800">{t('historyTable')}</summary>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              <th className="pr-4 text-left">{t('when')}</th>
              <th className="pr-4 text-right">{t('rate')}</th>
              <th className="text-left">{t('by')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={`${p.at}-${i}`}>
                <td className="pr-4">{formatDateTime(p.at, i18n.language)}</td>
                <td className="pr-4 text-right">₹{rupees(p.value)}</td>
                <td>{p.by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function History() {
  const { t } = useTranslation('pricing-admin');
  const [which, setWhich] = useState<string>('silver');
  const isMetal = (METALS as readonly string[]).includes(which);
  const query = useApiQuery(
    `/rates/history?${isMetal ? 'metal' : 'currency'}=${encodeURIComponent(which)}`,
    rateHistorySchema,
  );
  const options = [
    ...METALS.map((m) => ({ value: m, label: t(`metal.${m}`) })),
    ...FX.map((c) => ({ value: c, label: c })),
  ];
  const points = query.data
    ? isMetal
      ? query.data.rates.map((r) => ({
          at: r.effectiveAt,
          value: shownFromPerKgFine(r.metal, r.perKgFine),
          by: r.setBy?.name ?? '—',
        }))
      : query.data.fx.map((f) => ({ at: f.effectiveAt, value: f.inrPerUnit, by: f.setBy?.name ?? '—' }))
    : [];
  const unit = isMetal
    ? t(rateUnitOf(which as Metal) === 'per_10g' ? 'per10g' : 'perKg', { metal: t(`metal.${which}`) })
    : t('perUnit', { currency: which });
  return (
    <section className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="font-serif text-xl text-brand-900">{t('historyTitle')}</h2>
      <SelectField
        label={t('historyOf')}
        value={which}
        options={options}
        onChange={(e) => setWhich(e.target.value)}
      />
      {query.isLoading ? <Spinner label={t('loading')} /> : null}
      {query.error ? (
        <LoadError
          message={t('failed')}
          detail={query.error.message}
          onRetry={query.reload}
          retryLabel={t('retry')}
        />
      ) : null}
      {query.data ? <HistoryChart points={points} unit={unit} /> : null}
    </section>
  );
}

/** The admin screen: today's rate per metal and per currency, entered as the trade reads them. */
export function RatesScreen() {
  const { t } = useTranslation('pricing-admin');
  const query = useApiQuery('/rates', ratesAnswerSchema);
  const [flash, setFlash] = useState<string | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const saved = (text: string) => {
    setFlash(text);
    query.reload();
    setHistoryKey((k) => k + 1);
  };
  const placeholder = queryPlaceholder(query, {
    loading: t('loading'),
    failed: t('failed'),
    retry: t('retry'),
  });
  if (placeholder) return placeholder;
  const data = query.data ?? { rates: [], fx: [] };
  return (
    <div className="space-y-6">
      {flash ? <Notice tone="success" text={flash} /> : null}
      <section className="space-y-4">
        <h2 className="font-serif text-xl text-brand-900">{t('metalsTitle')}</h2>
        {METALS.map((metal) => {
          const rate = data.rates.find((r) => r.metal === metal);
          return (
            <div key={metal} className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
              <h3 className="font-medium capitalize text-ink">{t(`metal.${metal}`)}</h3>
              <Current
                shown={rate ? rupees(shownFromPerKgFine(metal, rate.perKgFine)) : null}
                source={rate?.source ?? ''}
                at={rate?.effectiveAt ?? ''}
                by={rate?.setBy ?? null}
              />
              <RateForm target={{ kind: 'metal', metal }} onSaved={saved} />
            </div>
          );
        })}
      </section>
      <section className="space-y-4">
        <h2 className="font-serif text-xl text-brand-900">{t('fxTitle')}</h2>
        {FX.map((currency) => {
          const fx = data.fx.find((f) => f.currency === currency);
          return (
            <div key={currency} className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
              <h3 className="font-medium text-ink">{currency}</h3>
              <Current
                shown={fx ? rupees(fx.inrPerUnit) : null}
                source={fx?.source ?? ''}
                at={fx?.effectiveAt ?? ''}
                by={fx?.setBy ?? null}
              />
              <RateForm target={{ kind: 'fx', currency }} onSaved={saved} />
            </div>
          );
        })}
      </section>
      <History key={historyKey} />
    </div>
  );
}

/** The dashboard's line: when a rate was last set (or that none is), with a link to the screen. */
export function RatesFreshness({ linkTo }: { linkTo: string }) {
  const { t, i18n } = useTranslation('pricing-admin');
  const query = useApiQuery('/rates', ratesAnswerSchema);
  if (!query.data) return null;
  const times = [...query.data.rates, ...query.data.fx].map((r) => Date.parse(r.effectiveAt));
  const text = times.length
    ? t('dashboardLast', { when: formatDateTime(new Date(Math.max(...times)).toISOString(), i18n.language) })
    : t('dashboardNever');
  return (
    <p className="mt-4 rounded-md border border-gray-200 bg-white p-3 text-sm text-gray-800">
      {text}{' '}
      <PrefixedLink to={linkTo} className="font-medium text-brand-800 underline">
        {t('dashboardLink')}
      </PrefixedLink>
    </p>
  );
}
