import { AppError } from '@catalogue/shared/errors';
import { computeTotals } from '@catalogue/shared/domain/quotation';
import type { SaveQuoteBody } from '@catalogue/shared/schemas/quotation';
import type { RevisionLineRow } from './quotation-rows.ts';
import type { QuotationsStore } from './quotations.repository.ts';

/** The priced lines of a draft, one for each line of the request and nothing else. */
export function priceLines(
  requested: Awaited<ReturnType<QuotationsStore['listRequestLines']>>,
  input: SaveQuoteBody['lines'],
): RevisionLineRow[] {
  const unused = input.map((line, index) => ({ ...line, index, key: line.productId.trim().toLowerCase() }));
  const unpriced: string[] = [];
  const matched = requested.map((line) => {
    const key = (line.productId ?? line.sku).toLowerCase();
    const at = unused.findIndex((candidate) => candidate.key === key);
    if (at < 0) {
      unpriced.push(line.sku);
      return null;
    }
    const [priced] = unused.splice(at, 1);
    return { line, priced: priced! };
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
  const pairs = matched.map((m) => m!);
  const { lineTotals } = computeTotals(
    pairs.map(({ line, priced }) => ({ unitPrice: priced.unitPrice, quantity: line.quantity })),
  );
  return pairs.map(({ line, priced }, i) => ({
    position: line.position,
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    imageUrl: line.imageUrl,
    mediaId: line.mediaId,
    quantity: line.quantity,
    unitPrice: priced.unitPrice,
    moq: priced.moq ?? 1,
    note: priced.note,
    lineTotal: lineTotals[i]!,
  }));
}
