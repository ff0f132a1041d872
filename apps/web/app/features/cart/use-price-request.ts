import { useRef, useState } from 'react';
import type { PriceRequestRefusal } from '@catalogue/shared/domain/accounts';
import type { EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import {
  createIdempotencyKeeper,
  errorKeysOf,
  priceRequestBody,
  sendPriceRequest,
  validatePriceRequest,
  type PriceRequestErrors,
  type PriceRequestValues,
} from '~/features/cart/price-request';
import { ApiError } from '~/lib/api-client';

export type PriceRequestOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: PriceRequestErrors }
  | { kind: 'login-needed' }
  /** The account must verify its e-mail or be approved first; the list is kept. */
  | { kind: 'held'; code: PriceRequestRefusal }
  /** The server refused the lines (a quantity below a design's minimum order): its reason, naming them. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }
  | { kind: 'busy' };

/**
 * Sending the price request: validated with the server's schema first,
 * one request at a time (a second click while one is on its way sends nothing), with the same
 * Idempotency-Key for the same content until it succeeds.
 */
export function usePriceRequest() {
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const keeper = useRef(createIdempotencyKeeper());

  async function submit(
    values: PriceRequestValues,
    lines: readonly EnquiryLine[],
    /** The hidden honeypot field, sent only when something filled it. */
    honeypot: Record<string, string> = {},
  ): Promise<PriceRequestOutcome> {
    if (inFlight.current) return { kind: 'busy' };
    const errors = validatePriceRequest(values);
    if (Object.keys(errors).length) return { kind: 'invalid', errors };
    if (!lines.length) return { kind: 'failed' };
    const body = { ...priceRequestBody(values, lines), ...honeypot };
    inFlight.current = true;
    setSubmitting(true);
    try {
      await sendPriceRequest(body, keeper.current.keyFor(body));
      keeper.current.forget();
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { kind: 'login-needed' };
      if (
        error instanceof ApiError &&
        (error.code === 'EMAIL_NOT_VERIFIED' || error.code === 'ACCOUNT_NOT_APPROVED')
      )
        return { kind: 'held', code: error.code };
      if (error instanceof ApiError && error.status === 400 && error.issues.length) {
        const fieldErrors = errorKeysOf(values, error.issues);
        if (Object.keys(fieldErrors).length) return { kind: 'invalid', errors: fieldErrors };
        if (error.issues.some((issue) => String(issue.path).startsWith('orderDetails.')))
          return { kind: 'refused', message: error.message };
      }
      console.error('Price request failed', error);
      return { kind: 'failed' };
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return { isSubmitting, submit };
}
