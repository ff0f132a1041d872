import { AppError } from '@catalogue/shared/errors';
import type { SaveQuoteBody } from '@catalogue/shared/schemas/quotation';
import type { QuotationsStore } from './quotations.repository.ts';

export type RequestLine = Awaited<ReturnType<QuotationsStore['listRequestLines']>>[number];
export type QuoteLineInput = SaveQuoteBody['lines'][number];

/**
 * Each line of the request with the input line that prices it (matched by product, else by code),
 * in the request's order, with the input line's index; a 400 when a line is unpriced or an input
 * line is not one of the request's.
 */
export function matchLines(
  requested: readonly RequestLine[],
  input: readonly QuoteLineInput[],
): { line: RequestLine; priced: QuoteLineInput; index: number }[] {
  const unused = input.map((line, index) => ({ line, index, key: line.productId.trim().toLowerCase() }));
  const unpriced: string[] = [];
  const matched = requested.map((line) => {
    const key = (line.productId ?? line.sku).toLowerCase();
    const at = unused.findIndex((candidate) => candidate.key === key);
    if (at < 0) {
      unpriced.push(line.sku);
      return null;
    }
    const [priced] = unused.splice(at, 1);
    return { line, priced: priced!.line, index: priced!.index };
  });
  if (unpriced.length || unused.length) {
    const issues = [
      ...unpriced.map((sku) => ({ path: 'lines', message: `no price for the line ${sku}` })),
      ...unused.map((u) => ({
        path: `lines.${u.index}.productId`,
        message: 'not a line of this request',
      })),
    ];
    throw new AppError('BAD_REQUEST', 'lines must price every line of the request and nothing else', issues);
  }
  return matched.map((m) => m!);
}
