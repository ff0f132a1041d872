import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  CURRENCIES,
  canTransition,
  QUOTE_LIMITS,
  type OrderStatus,
} from '@catalogue/shared/domain/quotation';
import {
  orderDetailResponseSchema,
  type OrderDetail,
  type QuoteLine,
  type SaveQuoteInput,
} from '@catalogue/shared/schemas/quotation';
import { BALANCE_TERMS, INCOTERMS } from '@catalogue/shared/schemas/pricing';
import { TAX_REGIMES } from '@catalogue/shared/domain/pricing';
import { Button } from '~/components/ui/button';
import { SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { ApiError, apiRequest, checkAnswer } from '~/lib/api-client';
import { ConfirmQuoteDialog, factsOf, type QuoteFacts } from './confirm-quote-dialog';
import { LinePicture } from './quote-lines';
import { chargeDrafts, chargeKey, LineCharges, readCharges, type ChargeDraft } from './quote-charges';
import { formatMoney, parsePrice, priceText } from './quote-format';

type LineDraft = { price: string; moq: string; note: string; reason: string; charges: ChargeDraft[] };
const PARTS = ['metal', 'making', 'stones', 'setting', 'plating', 'extras'] as const;
type Errors = Record<string, string>;
/** The quote schema's bound on the sample terms. */
const SAMPLE_TERMS_MAX = 500;

/** A whole number in `[min, max]` typed in a box, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` box shows it (the browser's time zone, to the minute). */
function localMinute(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The end of the day a quote is valid through (UTC), as the editor sends it. */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

/** A draft's rate validity still ahead, or ''; a sent revision's is not carried into the next. */
function rateValidityOf(order: OrderDetail): string {
  const quote = order.quote;
  return quote?.state === 'draft' && quote.rateValidUntil && Date.parse(quote.rateValidUntil) > Date.now()
    ? localMinute(quote.rateValidUntil)
    : '';
}

/** The start of the draft: the latest revision's values, or empty boxes (the minimum at the design's). */
function startFrom(order: OrderDetail) {
  const quote = order.quote;
  return {
    currency: quote?.currency ?? 'INR',
    leadTime: String(quote?.leadTimeDays ?? 14),
    validUntil: quote?.state === 'draft' ? dayOf(quote.validUntil) : '',
    noteToBuyer: quote?.noteToBuyer ?? '',
    internalNote: quote?.internalNote ?? '',
    showBreakdown: quote?.showBreakdown ?? false,
    taxRegime: quote?.taxRegime ?? '',
    incoterm: quote?.incoterm ?? '',
    namedPlace: quote?.namedPlace ?? '',
    depositPct: quote?.paymentTerms ? String(quote.paymentTerms.depositPct) : '',
    balance: quote?.paymentTerms?.balance ?? 'before_dispatch',
    paymentNote: quote?.paymentTerms?.note ?? '',
    rateValidUntil: rateValidityOf(order),
    sampleTerms: quote?.sampleTerms ?? '',
    lines: order.orderDetails.map((requested, i): LineDraft => {
      const line = quote?.lines[i];
      return line
        ? {
            price: priceText(line.unitPrice),
            moq: String(line.moq),
            note: line.note,
            reason: line.overrideReason ?? '',
            charges: chargeDrafts(line.charges),
          }
        : // A line not quoted yet starts at its design's minimum order.
          { price: '', moq: String(requested.minOrderQuantity ?? 1), note: '', reason: '', charges: [] };
    }),
  };
}

/**
 * The revision a withdrawal takes back: the latest sent one (a draft of the next may be open
 * beside it, which the editor's `order.quote` then is; the revisions list carries no validity).
 */
function sentFacts(order: OrderDetail): QuoteFacts | null {
  if (order.quote?.state === 'sent') return factsOf(order.quote);
  const sent = order.revisions.findLast((r) => r.sentAt !== null);
  return sent
    ? { revision: sent.revision, total: sent.total, currency: sent.currency, validUntil: null }
    : null;
}

/**
 * The admin's quote for a request: a price, a minimum, a note and one-off charges per line, the
 * currency, lead time, validity and metal-rate validity, the tax and trade terms, sample terms, a
 * note to the buyer and an internal note. "Save draft" stores the next revision;
 * "Send" sends the saved draft. The same rules as the server are checked here first; the server's
 * answer (totals included) is what the page then shows.
 */
export function QuoteEditor({
  order,
  onChange,
}: {
  order: OrderDetail;
  onChange: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation('quotes');
  const { t: tp } = useTranslation('pricing-admin');
  const [form, setForm] = useState(() => startFrom(order));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<'save' | 'send' | 'withdraw' | 'requote' | null>(null);
  const [withdrawNote, setWithdrawNote] = useState('');
  /** The step whose confirmation is open. */
  const [confirming, setConfirming] = useState<'send' | 'withdraw' | null>(null);
  const status = order.status as OrderStatus;
  const canQuote = canTransition(status, 'saveQuote');
  const hasDraft = order.quote?.state === 'draft';
  const withdrawn = canTransition(status, 'withdraw') ? sentFacts(order) : null;

  const setLine = (index: number, patch: Partial<LineDraft>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));

  /** The saved line's suggested price, when it is in the currency now chosen. */
  const suggestionOf = (i: number): QuoteLine | null => {
    const line = order.quote?.lines[i];
    return line && line.suggestedUnitPrice != null && order.quote?.currency === form.currency ? line : null;
  };
  /** A typed price that differs from the suggested one is an override: its reason is asked for. */
  const needsReason = (i: number) => {
    const draft = form.lines[i]!;
    const price = draft.price.trim() ? parsePrice(draft.price) : null;
    const suggested = suggestionOf(i)?.suggestedUnitPrice;
    return (price !== null && suggested != null && price !== suggested) || Boolean(errors[`reason${i}`]);
  };

  function validate(): SaveQuoteInput | null {
    const found: Errors = {};
    const lines = order.orderDetails.map((line, i) => {
      const draft = form.lines[i]!;
      // An empty price takes the suggested price from the design's costing (the server's answer).
      const isEmpty = draft.price.trim() === '';
      const unitPrice = isEmpty ? undefined : parsePrice(draft.price);
      if (unitPrice === null || (unitPrice !== undefined && unitPrice > QUOTE_LIMITS.unitPriceMax))
        found[`price${i}`] = t('quote.invalidPrice');
      // An override's reason is asked for beside it and kept when given; it is not required.
      const reason = draft.reason.trim();
      const charges = readCharges(i, draft.charges, found, t('quote.invalidPrice'));
      const moq = wholeNumber(draft.moq, QUOTE_LIMITS.moqMin, QUOTE_LIMITS.moqMax);
      if (moq === null)
        found[`moq${i}`] = t('quote.invalidNumber', { min: QUOTE_LIMITS.moqMin, max: QUOTE_LIMITS.moqMax });
      return {
        productId: line.productId ?? line.sku,
        ...(unitPrice == null ? {} : { unitPrice }),
        moq: moq ?? 1,
        note: draft.note,
        ...(reason && unitPrice != null ? { overrideReason: reason } : {}),
        ...(charges?.length ? { charges } : {}),
      };
    });
    const depositText = form.depositPct.trim();
    const depositPct = depositText ? wholeNumber(depositText, 0, 100) : null;
    if (depositText && depositPct === null) found.depositPct = t('quote.invalidNumber', { min: 0, max: 100 });
    const leadTimeDays = wholeNumber(form.leadTime, 0, QUOTE_LIMITS.leadTimeDaysMax);
    if (leadTimeDays === null)
      found.leadTime = t('quote.invalidNumber', { min: 0, max: QUOTE_LIMITS.leadTimeDaysMax });
    // Valid through the chosen day (UTC); the server refuses a day already over.
    const validUntil = form.validUntil ? endOfDay(form.validUntil) : null;
    // The metal rate's validity: a future instant, never after the quote's (the server's rules).
    let rateValidUntil: string | undefined;
    if (form.rateValidUntil) {
      const at = new Date(form.rateValidUntil).getTime();
      if (Number.isNaN(at)) found.rateValidUntil = tp('quote.rateValidUnreadable');
      else if (at <= Date.now()) found.rateValidUntil = tp('quote.rateValidPast');
      else if (validUntil && at > Date.parse(validUntil)) found.rateValidUntil = tp('quote.rateValidAfter');
      else rateValidUntil = new Date(at).toISOString();
    }
    if (form.sampleTerms.length > SAMPLE_TERMS_MAX)
      found.sampleTerms = tp('quote.sampleTermsTooLong', { max: SAMPLE_TERMS_MAX });
    setErrors(found);
    if (Object.keys(found).length) return null;
    return {
      version: order.version,
      currency: form.currency as SaveQuoteInput['currency'],
      lines,
      leadTimeDays: leadTimeDays!,
      validUntil,
      noteToBuyer: form.noteToBuyer,
      internalNote: form.internalNote,
      showBreakdown: form.showBreakdown,
      sampleTerms: form.sampleTerms.trim(),
      // Left out: 48 hours after sending, cut to the quote's validity (the server's default).
      ...(rateValidUntil ? { rateValidUntil } : {}),
      ...(form.taxRegime ? { taxRegime: form.taxRegime as (typeof TAX_REGIMES)[number] } : {}),
      incoterm: form.incoterm ? (form.incoterm as (typeof INCOTERMS)[number]) : null,
      namedPlace: form.namedPlace.trim(),
      paymentTerms:
        depositPct === null
          ? null
          : {
              depositPct,
              balance: form.balance as (typeof BALANCE_TERMS)[number],
              note: form.paymentNote.trim(),
            },
    };
  }

  async function run(
    kind: 'save' | 'send' | 'withdraw' | 'requote',
    path: string,
    method: 'PUT' | 'POST',
    json: unknown,
    done: (order: OrderDetail) => string,
  ) {
    setBusy(kind);
    setProblem(null);
    setNotice('');
    try {
      const answer = checkAnswer(await apiRequest(path, { method, json }), orderDetailResponseSchema);
      onChange(answer.order);
      // A re-quote drafts new prices: the boxes start from them.
      if (kind === 'requote') setForm(startFrom(answer.order));
      setNotice(done(answer.order));
    } catch (reason) {
      const error = reason instanceof ApiError ? reason : new ApiError(0, String(reason));
      setIsStale(error.status === 409);
      setProblem(error.message);
      // The server names the field (lines.N.unitPrice, lines.N.charges.M.amount, rateValidUntil…): say it there.
      const named: Errors = {};
      for (const issue of error.issues) {
        const line = /^lines\.(\d+)\.(unitPrice|overrideReason)$/.exec(issue.path);
        const charge = /^lines\.(\d+)\.charges\.(\d+)\.amount$/.exec(issue.path);
        if (line) named[`${line[2] === 'unitPrice' ? 'price' : 'reason'}${line[1]}`] = issue.message;
        else if (charge) named[chargeKey(Number(charge[1]), Number(charge[2]))] = issue.message;
        else if (issue.path === 'rateValidUntil' || issue.path === 'sampleTerms')
          named[issue.path] = issue.message;
      }
      if (Object.keys(named).length) setErrors(named);
    } finally {
      // Done or refused, the confirmation closes: the outcome shows on the page.
      setConfirming(null);
      setBusy(null);
    }
  }

  const base = `/orders/${encodeURIComponent(order._id)}`;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = validate();
    if (!body) return setProblem(t('quote.fixErrors'));
    void run('save', `${base}/quote`, 'PUT', body, (o) => t('quote.saved', { revision: o.quote?.revision }));
  };

  return (
    <section
      aria-labelledby="quote-editor"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="quote-editor" className="font-serif text-xl text-brand-900">
        {t('quote.heading')}
        {order.quote ? (
          <span className="ml-2 text-base text-gray-700">
            {t('quote.revision', { revision: order.quote.revision })} ·{' '}
            {order.quote.state === 'draft' ? t('quote.draft') : t('status.quoted')}
          </span>
        ) : null}
      </h2>
      {problem ? (
        <Notice tone="error" text={problem}>
          {isStale ? (
            <Button className="mt-2" size="sm" variant="secondary" onClick={() => window.location.reload()}>
              {t('quote.reload')}
            </Button>
          ) : null}
        </Notice>
      ) : null}
      {notice ? <Notice tone="success" text={notice} /> : null}
      {!canQuote ? (
        <p className="text-sm text-gray-800">{t('quote.closed', { status: t(`status.${status}`) })}</p>
      ) : (
        <form onSubmit={save} noValidate className="space-y-4">
          <ol className="space-y-3">
            {order.orderDetails.map((line, i) => (
              <li
                key={`${line.productId ?? line.sku}-${i}`}
                className="rounded-md border border-gray-200 p-3"
              >
                <div className="flex items-center gap-3">
                  <LinePicture imageUrl={line.imageUrl} name={line.name} />
                  <p className="text-sm">
                    <span className="font-semibold">{line.sku}</span> {line.name} · {t('request.quantity')}:{' '}
                    {line.quantity}
                  </p>
                </div>
                <LinePricing line={order.quote?.lines[i]} currency={order.quote?.currency ?? form.currency} />
                <div className="mt-2 grid gap-3 sm:grid-cols-[10rem_8rem_1fr]">
                  <TextField
                    label={t('quote.unitPriceFor', { code: line.sku })}
                    hint={tp('quote.priceHint')}
                    inputMode="decimal"
                    value={form.lines[i]!.price}
                    onChange={(e) => setLine(i, { price: e.target.value })}
                    error={errors[`price${i}`]}
                  />
                  <TextField
                    label={t('quote.moqFor', { code: line.sku })}
                    inputMode="numeric"
                    value={form.lines[i]!.moq}
                    onChange={(e) => setLine(i, { moq: e.target.value })}
                    error={errors[`moq${i}`]}
                  />
                  <TextField
                    label={t('quote.lineNote', { code: line.sku })}
                    value={form.lines[i]!.note}
                    maxLength={QUOTE_LIMITS.noteMax}
                    onChange={(e) => setLine(i, { note: e.target.value })}
                  />
                </div>
                {needsReason(i) || form.lines[i]!.reason ? (
                  <TextField
                    className="mt-2"
                    label={tp('quote.reasonFor', { code: line.sku })}
                    value={form.lines[i]!.reason}
                    maxLength={500}
                    required={needsReason(i)}
                    onChange={(e) => setLine(i, { reason: e.target.value })}
                    error={errors[`reason${i}`]}
                  />
                ) : null}
                <LineCharges
                  line={i}
                  code={line.sku}
                  currency={form.currency}
                  charges={form.lines[i]!.charges}
                  errors={errors}
                  onChange={(charges) => setLine(i, { charges })}
                />
              </li>
            ))}
          </ol>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label={t('quote.currency')}
              value={form.currency}
              onChange={(e) => setForm((f) => ({ ...f, currency: e.target.value as typeof f.currency }))}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            />
            <TextField
              label={t('quote.leadTime')}
              inputMode="numeric"
              value={form.leadTime}
              onChange={(e) => setForm((f) => ({ ...f, leadTime: e.target.value }))}
              error={errors.leadTime}
            />
            <TextField
              type="date"
              label={t('quote.validUntil')}
              hint={t('quote.validUntilHint')}
              value={form.validUntil}
              onChange={(e) => setForm((f) => ({ ...f, validUntil: e.target.value }))}
            />
            <TextField
              type="datetime-local"
              label={tp('quote.rateValidUntil')}
              hint={tp('quote.rateValidHint')}
              value={form.rateValidUntil}
              onChange={(e) => setForm((f) => ({ ...f, rateValidUntil: e.target.value }))}
              error={errors.rateValidUntil}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label={tp('quote.taxRegime')}
              value={form.taxRegime}
              onChange={(e) => setForm((f) => ({ ...f, taxRegime: e.target.value }))}
              options={[
                { value: '', label: tp('quote.taxRegimeAuto') },
                ...TAX_REGIMES.map((r) => ({ value: r, label: tp(`quote.regime.${r}`) })),
              ]}
            />
            <SelectField
              label={tp('quote.incoterm')}
              value={form.incoterm}
              onChange={(e) => setForm((f) => ({ ...f, incoterm: e.target.value }))}
              options={[
                { value: '', label: tp('quote.incotermNone') },
                ...INCOTERMS.map((c) => ({ value: c, label: c })),
              ]}
            />
            <TextField
              label={tp('quote.namedPlace')}
              hint={tp('quote.namedPlaceHint')}
              value={form.namedPlace}
              maxLength={200}
              onChange={(e) => setForm((f) => ({ ...f, namedPlace: e.target.value }))}
            />
            <TextField
              label={tp('quote.depositPct')}
              hint={tp('quote.depositHint')}
              inputMode="numeric"
              value={form.depositPct}
              onChange={(e) => setForm((f) => ({ ...f, depositPct: e.target.value }))}
              error={errors.depositPct}
            />
            <SelectField
              label={tp('quote.balance')}
              value={form.balance}
              onChange={(e) => setForm((f) => ({ ...f, balance: e.target.value as typeof f.balance }))}
              options={BALANCE_TERMS.map((b) => ({ value: b, label: tp(`quote.balanceTerm.${b}`) }))}
            />
            <TextField
              label={tp('quote.paymentNote')}
              value={form.paymentNote}
              maxLength={500}
              onChange={(e) => setForm((f) => ({ ...f, paymentNote: e.target.value }))}
            />
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={form.showBreakdown}
              onChange={(e) => setForm((f) => ({ ...f, showBreakdown: e.target.checked }))}
            />
            {tp('quote.showBreakdown')}
          </label>
          <TextAreaField
            label={tp('quote.sampleTerms')}
            hint={tp('quote.sampleTermsHint')}
            value={form.sampleTerms}
            maxLength={SAMPLE_TERMS_MAX}
            rows={2}
            onChange={(e) => setForm((f) => ({ ...f, sampleTerms: e.target.value }))}
            error={errors.sampleTerms}
          />
          <TextAreaField
            label={t('quote.noteToBuyer')}
            value={form.noteToBuyer}
            maxLength={QUOTE_LIMITS.noteMax}
            rows={3}
            onChange={(e) => setForm((f) => ({ ...f, noteToBuyer: e.target.value }))}
          />
          <TextAreaField
            label={t('quote.internalNote')}
            value={form.internalNote}
            maxLength={QUOTE_LIMITS.noteMax}
            rows={2}
            onChange={(e) => setForm((f) => ({ ...f, internalNote: e.target.value }))}
          />
          {hasDraft && order.quote ? (
            <p className="text-sm text-gray-800">
              {t('request.total')}: <strong>{formatMoney(order.quote.total, order.quote.currency)}</strong>
              {order.quote.taxRegime ? (
                <span className="block">
                  {tp('quote.taxes', {
                    cgst: formatMoney(order.quote.tax?.cgst ?? 0, order.quote.currency),
                    sgst: formatMoney(order.quote.tax?.sgst ?? 0, order.quote.currency),
                    igst: formatMoney(order.quote.tax?.igst ?? 0, order.quote.currency),
                    grand: formatMoney(order.quote.grandTotal ?? order.quote.total, order.quote.currency),
                  })}
                </span>
              ) : null}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={busy !== null}>
              {busy === 'save' ? t('quote.saving') : t('quote.save')}
            </Button>
            <Button
              disabled={busy !== null || !hasDraft}
              aria-describedby={hasDraft ? undefined : 'send-needs-draft'}
              onClick={() => setConfirming('send')}
            >
              {busy === 'send' ? t('quote.sending') : t('quote.send')}
            </Button>
            {order.quote?.state === 'sent' ? (
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() =>
                  void run('requote', `${base}/quote/requote`, 'POST', { version: order.version }, (o) =>
                    tp('quote.requoted', { revision: o.quote?.revision }),
                  )
                }
              >
                {busy === 'requote' ? tp('quote.requoting') : tp('quote.requote')}
              </Button>
            ) : null}
          </div>
          {hasDraft ? null : (
            <p id="send-needs-draft" className="text-sm text-gray-700">
              {t('quote.sendNeedsDraft')}
            </p>
          )}
        </form>
      )}
      {canTransition(status, 'withdraw') ? (
        <div className="space-y-2 border-t border-gray-200 pt-4">
          <TextField
            label={t('quote.withdrawNote')}
            value={withdrawNote}
            maxLength={QUOTE_LIMITS.noteMax}
            onChange={(e) => setWithdrawNote(e.target.value)}
          />
          <Button variant="danger" disabled={busy !== null} onClick={() => setConfirming('withdraw')}>
            {t('quote.withdraw')}
          </Button>
        </div>
      ) : null}
      {hasDraft && order.quote ? (
        <ConfirmQuoteDialog
          open={confirming === 'send'}
          title={t('confirm.sendTitle')}
          facts={factsOf(order.quote, new Date())}
          confirmLabel={t('confirm.send')}
          isBusy={busy === 'send'}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void run('send', `${base}/quote/send`, 'POST', { version: order.version }, () => t('quote.sent'))
          }
        />
      ) : null}
      {withdrawn ? (
        <ConfirmQuoteDialog
          open={confirming === 'withdraw'}
          title={t('confirm.withdrawTitle')}
          facts={withdrawn}
          confirmLabel={t('confirm.withdraw')}
          confirmVariant="danger"
          isBusy={busy === 'withdraw'}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void run(
              'withdraw',
              `${base}/withdraw`,
              'POST',
              { version: order.version, note: withdrawNote },
              () => t('quote.withdrawn'),
            )
          }
        />
      ) : null}
    </section>
  );
}

/**
 * A saved line's pricing for the admin: its suggested price, the breakdown of one piece (INR
 * paise: metal, making, stones, setting, plating, extras) and, after a re-quote, the price before
 * beside the price now.
 */
function LinePricing({ line, currency }: { line: QuoteLine | undefined; currency: string }) {
  const { t } = useTranslation('pricing-admin');
  if (!line) return null;
  return (
    <div className="mt-2 space-y-1 text-sm">
      {line.suggestedUnitPrice != null ? (
        <p>{t('quote.suggested', { price: formatMoney(line.suggestedUnitPrice, currency) })}</p>
      ) : (
        <p className="text-gray-700">{t('quote.noSuggestion')}</p>
      )}
      {line.previousUnitPrice != null ? (
        <p className="font-semibold">
          {t('quote.previous', {
            old: formatMoney(line.previousUnitPrice, currency),
            new: formatMoney(line.unitPrice, currency),
          })}
        </p>
      ) : null}
      {line.breakdown ? (
        // The group carries the name; the list inside keeps its own semantics (dt and dd in a dl).
        <div role="group" aria-label={t('quote.breakdownOf', { code: line.sku })}>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-6">
            {PARTS.map((p) => (
              <div key={p}>
                <dt className="text-gray-700">{t(`quote.part.${p}`)}</dt>
                <dd className="whitespace-nowrap">{formatMoney(line.breakdown![p], 'INR')}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
