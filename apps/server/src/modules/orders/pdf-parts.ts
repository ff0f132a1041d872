import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import type { startPdf } from '../../lib/pdf-sheet.ts';

/** The pieces the quote and the proforma invoice draw alike, on a sheet of lib/pdf-sheet.ts. */
export type Sheet = Awaited<ReturnType<typeof startPdf>>;
/** A table's column: from the left margin, in points. */
export type Column = { x: number; width: number };

/** An instant as the mails write it: its day, YYYY-MM-DD (UTC). */
export const day = (iso: string | Date | null | undefined) =>
  iso ? (typeof iso === 'string' ? iso : iso.toISOString()).slice(0, 10) : '-';

/**
 * A table's header at `y`: its cells bold in the letterhead's brown, a rule under them; where the
 * first row goes (`height` lower).
 */
export function tableHeader(
  sheet: Sheet,
  y: number,
  cells: [text: string, column: Column, align: 'left' | 'right'][],
  style: { size: number; height: number; ellipsis?: true },
): number {
  const { doc, write, left } = sheet;
  const ellipsis = style.ellipsis ? { ellipsis: true } : {};
  doc.fillColor('#5b3a1a');
  for (const [text, column, align] of cells)
    write(text, left + column.x, y, {
      size: style.size,
      bold: true,
      width: column.width,
      align,
      ...ellipsis,
    });
  doc.fillColor('#000000');
  const next = y + style.height;
  sheet.rule(next - 3);
  return next;
}

/** The light line across the page at `y`, under a table's row. */
export function rowRule(sheet: Sheet, y: number) {
  sheet.doc.moveTo(sheet.left, y).lineTo(sheet.right, y).strokeColor('#eeeeee').lineWidth(0.5).stroke();
}

/**
 * A line of the totals at `y`: its name right-aligned in `name`'s box, its amount right-aligned
 * from `amountX` to the right margin (wide enough for the largest total a quote can have).
 */
export function totalLine(
  sheet: Sheet,
  y: number,
  text: { name: string; amount: string; bold: boolean },
  boxes: { name: Column; amountX: number },
) {
  const { write, left, right } = sheet;
  const { bold } = text;
  write(text.name, left + boxes.name.x, y, { size: 9, bold, width: boxes.name.width, align: 'right' });
  write(text.amount, boxes.amountX, y, { size: 9, bold, width: right - boxes.amountX, align: 'right' });
}

/** A section's heading (Terms, Bank details) at `y`; where its first line goes. */
export function heading(sheet: Sheet, text: string, y: number): number {
  sheet.write(text, sheet.left, y, { size: 11, bold: true });
  return y + 16;
}

type TermLabels = {
  deposit: (pct: number, balance: string) => string;
  balance: Record<NonNullable<QuoteRevision['paymentTerms']>['balance'], string>;
};

/** The payment terms as written: "30% deposit, balance against documents. By wire transfer". */
export function paymentTermsText(labels: TermLabels, terms: NonNullable<QuoteRevision['paymentTerms']>) {
  const text = labels.deposit(terms.depositPct, labels.balance[terms.balance]);
  return terms.note ? `${text}. ${terms.note}` : text;
}

/** The delivery terms as written: the Incoterm and its named place ("FOB Mumbai"). */
export const deliveryTerms = (quote: Pick<QuoteRevision, 'incoterm' | 'namedPlace'>) =>
  `${quote.incoterm} ${quote.namedPlace ?? ''}`.trim();
