import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  FINAL_STAGES,
  FULFILMENT_LIMITS,
  decideShipment,
  nextStages,
  type FulfilmentStage,
} from '@catalogue/shared/domain/fulfilment';
import { orderDetailResponseSchema, type OrderDetail } from '@catalogue/shared/schemas/quotation';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField, TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { ApiError, apiRequest, checkAnswer } from '~/lib/api-client';
import { OrderProgress } from './order-progress';

type Pending =
  | { kind: 'stage'; stage: FulfilmentStage }
  | {
      kind: 'shipment';
      lines: { productId: string; quantity: number; actualWeightMg: number | null }[];
      pieces: number;
    };

/** Grams as typed ("12.45") in milligrams; null when empty, NaN when not a weight. */
function milligrams(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(clean)) return Number.NaN;
  const mg = Math.round(Number(clean) * 1000);
  return mg >= 1 && mg <= FULFILMENT_LIMITS.actualWeightMgMax ? mg : Number.NaN;
}

/**
 * An admin's controls of an accepted order: the next stage (or cancel) with a note and an optional
 * quality-check photo, the expected ship date and PO number, and shipments; each change asks for
 * confirmation, and the server's refusal (a stage out of order, a stale version) is shown as it says.
 */
export function ProductionControls({
  order,
  onChange,
}: {
  order: OrderDetail;
  onChange: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation('fulfilment');
  const fulfilment = order.fulfilment;
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [shipDate, setShipDate] = useState(fulfilment?.expectedShipDate ?? '');
  const [poNumber, setPoNumber] = useState(fulfilment?.poNumber ?? '');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [weights, setWeights] = useState<Record<number, string>>({});
  const [courier, setCourier] = useState('');
  const [tracking, setTracking] = useState('');
  const [shipError, setShipError] = useState<string | null>(null);
  useEffect(() => {
    setShipDate(fulfilment?.expectedShipDate ?? '');
    setPoNumber(fulfilment?.poNumber ?? '');
  }, [fulfilment?.expectedShipDate, fulfilment?.poNumber]);

  if (!fulfilment) return null;
  const base = `/orders/${encodeURIComponent(order._id)}/fulfilment`;
  const isFinal = FINAL_STAGES.includes(fulfilment.stage);
  const canShip = decideShipment(fulfilment.stage).ok;

  async function send(run: () => Promise<unknown>, done: (next: OrderDetail) => string) {
    setBusy(true);
    setProblem(null);
    setNotice('');
    try {
      const answer = checkAnswer(await run(), orderDetailResponseSchema);
      onChange(answer.order);
      setNotice(done(answer.order));
      return true;
    } catch (reason) {
      setProblem(reason instanceof ApiError ? reason.message : String(reason));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!pending) return;
    const ok =
      pending.kind === 'stage'
        ? await send(
            async () => {
              let photoId: string | null = null;
              if (photo) {
                const form = new FormData();
                form.append('image', photo);
                const uploaded = await apiRequest<{ photo: { _id: string } }>(`${base}/photos`, {
                  method: 'POST',
                  form,
                });
                photoId = uploaded.photo._id;
              }
              return apiRequest(`${base}/stage`, {
                method: 'POST',
                json: { version: order.version, stage: pending.stage, note: note || null, photoId },
              });
            },
            (next) => t('admin.moved', { stage: t(`stage.${next.fulfilment?.stage ?? pending.stage}`) }),
          )
        : await send(
            () =>
              apiRequest(`${base}/shipments`, {
                method: 'POST',
                json: { version: order.version, lines: pending.lines, courier, trackingNumber: tracking },
              }),
            () => t('admin.shipped'),
          );
    setPending(null);
    if (ok) {
      setNote('');
      setPhoto(null);
      if (pending.kind === 'shipment') {
        setQuantities({});
        setWeights({});
        setCourier('');
        setTracking('');
      }
    }
  }

  function askShipment(event: FormEvent) {
    event.preventDefault();
    setShipError(null);
    const lines: { productId: string; quantity: number; actualWeightMg: number | null }[] = [];
    for (const [index, line] of fulfilment!.lines.entries()) {
      const quantity = Number((quantities[index] ?? '').trim() || '0');
      if (!quantity) continue;
      const mg = milligrams(weights[index] ?? '');
      if (Number.isNaN(mg)) return setShipError(t('admin.badWeight'));
      lines.push({ productId: line.productId ?? line.sku, quantity, actualWeightMg: mg });
    }
    if (!lines.length) return setShipError(t('admin.nothingToShip'));
    setPending({ kind: 'shipment', lines, pieces: lines.reduce((sum, l) => sum + l.quantity, 0) });
  }

  const saveDetails = (event: FormEvent) => {
    event.preventDefault();
    void send(
      () =>
        apiRequest(base, {
          method: 'PUT',
          json: { version: order.version, expectedShipDate: shipDate || null, poNumber: poNumber || null },
        }),
      () => t('admin.saved'),
    );
  };

  return (
    <section aria-labelledby="production" className="space-y-5">
      <h2 id="production" className="font-serif text-2xl text-brand-900">
        {t('admin.heading')}
      </h2>
      {problem ? <Notice tone="error" text={problem} /> : null}
      {notice ? <Notice tone="success" text={notice} /> : null}
      <OrderProgress order={order} />

      {isFinal ? (
        <p className="text-sm text-gray-700">{t('admin.finished')}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('admin.stage')}>
            {nextStages(fulfilment.stage).map((stage) => (
              <Button
                key={stage}
                variant={stage === 'cancelled' ? 'danger' : 'primary'}
                disabled={busy}
                onClick={() => setPending({ kind: 'stage', stage })}
              >
                {stage === 'cancelled'
                  ? t('admin.cancel')
                  : t('admin.moveTo', { stage: t(`stage.${stage}`) })}
              </Button>
            ))}
          </div>

          <form
            onSubmit={saveDetails}
            className="grid gap-3 rounded-lg border border-gray-200 p-4 sm:grid-cols-3"
          >
            <h3 className="font-semibold sm:col-span-3">{t('admin.details')}</h3>
            <TextField
              type="date"
              label={t('admin.shipDate')}
              value={shipDate}
              onChange={(event) => setShipDate(event.target.value)}
            />
            <TextField
              label={t('admin.poNumber')}
              value={poNumber}
              maxLength={FULFILMENT_LIMITS.poNumberMax}
              onChange={(event) => setPoNumber(event.target.value)}
            />
            <div className="self-end">
              <Button type="submit" variant="secondary" disabled={busy}>
                {busy ? t('admin.working') : t('admin.save')}
              </Button>
            </div>
          </form>

          {canShip ? (
            <form
              onSubmit={askShipment}
              className="space-y-3 rounded-lg border border-gray-200 p-4"
              noValidate
            >
              <h3 className="font-semibold">{t('admin.shipmentHeading')}</h3>
              <p className="text-sm text-gray-700">{t('admin.shipmentHint')}</p>
              {shipError ? <Notice tone="error" text={shipError} /> : null}
              {fulfilment.lines.map((line, index) => {
                const left = line.accepted - line.shipped;
                return left > 0 ? (
                  <div key={line.sku} className="grid gap-2 sm:grid-cols-2">
                    <TextField
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      label={t('admin.quantity', { sku: line.sku, left })}
                      value={quantities[index] ?? ''}
                      onChange={(event) => setQuantities((q) => ({ ...q, [index]: event.target.value }))}
                    />
                    <TextField
                      inputMode="decimal"
                      label={t('admin.weightGrams', { sku: line.sku })}
                      value={weights[index] ?? ''}
                      onChange={(event) => setWeights((w) => ({ ...w, [index]: event.target.value }))}
                    />
                  </div>
                ) : null;
              })}
              <div className="grid gap-2 sm:grid-cols-2">
                <TextField
                  label={t('admin.courier')}
                  required
                  value={courier}
                  maxLength={FULFILMENT_LIMITS.courierMax}
                  onChange={(event) => setCourier(event.target.value)}
                />
                <TextField
                  label={t('admin.tracking')}
                  required
                  value={tracking}
                  maxLength={FULFILMENT_LIMITS.trackingNumberMax}
                  onChange={(event) => setTracking(event.target.value)}
                />
              </div>
              <Button type="submit" disabled={busy}>
                {t('admin.record')}
              </Button>
            </form>
          ) : null}
        </>
      )}

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t('admin.confirmTitle', { orderId: order.orderId })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('admin.keep')}
            </Button>
            <Button
              variant={pending?.kind === 'stage' && pending.stage === 'cancelled' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? t('admin.working') : t('admin.confirm')}
            </Button>
          </>
        }
      >
        {pending?.kind === 'stage' ? (
          <div className="space-y-3">
            <p>
              {pending.stage === 'cancelled'
                ? t('admin.confirmCancel')
                : t('admin.confirmStage', { stage: t(`stage.${pending.stage}`) })}
            </p>
            <TextAreaField
              label={t('admin.note')}
              rows={2}
              maxLength={FULFILMENT_LIMITS.noteMax}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <TextField
              type="file"
              accept="image/*"
              label={t('admin.photo')}
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
          </div>
        ) : pending?.kind === 'shipment' ? (
          <p>{t('admin.confirmShipment', { count: pending.pieces, courier })}</p>
        ) : null}
      </Dialog>
    </section>
  );
}
