import { formatAmount, formatMoney } from '@catalogue/shared/domain/quotation';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { FOOTER, HEADER, PAGE, startPdf } from '../../lib/pdf-sheet.ts';
import {
  day,
  deliveryTerms,
  heading,
  paymentTermsText,
  rowRule,
  tableHeader,
  totalLine,
} from './pdf-parts.ts';

/** The quote's words in the site's two languages (the terms as the buyer's request page says them). */
export const QUOTE_LABELS = {
  en: {
    title: 'Quotation',
    ref: 'Ref. No',
    revision: 'Revision',
    to: 'To',
    sent: 'Date',
    currency: 'Currency',
    code: 'Code',
    design: 'Design',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    moq: 'Min. order',
    total: 'Total before tax',
    cgst: 'CGST',
    sgst: 'SGST',
    igst: 'IGST',
    grandTotal: 'Grand total',
    lut: 'Supply meant for export under LUT without payment of IGST',
    terms: 'Terms',
    validUntil: 'Valid until',
    leadTime: 'Lead time',
    days: 'days',
    incoterm: 'Delivery terms',
    paymentTerms: 'Payment terms',
    deposit: (pct: number, balance: string) => `${pct}% deposit, balance ${balance}`,
    balance: {
      before_dispatch: 'before dispatch',
      against_documents: 'against documents',
      on_delivery: 'on delivery',
      letter_of_credit: 'by letter of credit',
    },
    rateValidUntil: 'Metal rate holds until',
    samples: 'Samples',
    note: 'Note',
    page: 'Page',
    of: 'of',
  },
  hi: {
    title: 'कोटेशन',
    ref: 'संदर्भ संख्या',
    revision: 'संशोधन',
    to: 'प्रति',
    sent: 'तारीख',
    currency: 'मुद्रा',
    code: 'कोड',
    design: 'डिज़ाइन',
    quantity: 'मात्रा',
    unitPrice: 'इकाई मूल्य',
    amount: 'राशि',
    moq: 'न्यूनतम ऑर्डर',
    total: 'कर से पहले कुल',
    cgst: 'सीजीएसटी',
    sgst: 'एसजीएसटी',
    igst: 'आईजीएसटी',
    grandTotal: 'कुल योग',
    lut: 'एलयूटी के अंतर्गत निर्यात हेतु आपूर्ति, आईजीएसटी के भुगतान के बिना',
    terms: 'शर्तें',
    validUntil: 'मान्य तिथि तक',
    leadTime: 'तैयारी का समय',
    days: 'दिन',
    incoterm: 'डिलीवरी की शर्तें',
    paymentTerms: 'भुगतान की शर्तें',
    deposit: (pct: number, balance: string) => `${pct}% अग्रिम, शेष ${balance}`,
    balance: {
      before_dispatch: 'भेजने से पहले',
      against_documents: 'दस्तावेज़ों पर',
      on_delivery: 'डिलीवरी पर',
      letter_of_credit: 'साख-पत्र से',
    },
    rateValidUntil: 'धातु की दर मान्य तक',
    samples: 'नमूने',
    note: 'टिप्पणी',
    page: 'पृष्ठ',
    of: '/',
  },
} as const;

export type QuotePdfInput = {
  language: 'en' | 'hi';
  /** The request's number (`orderId`). */
  orderId: number;
  /** Who the quote is for: the buyer's name and company. */
  buyer: string;
  /** The sent revision as its buyer reads it (no internal note, no admin-only pricing). */
  quote: QuoteRevision;
  /** The picture of line `index` (a JPEG thumbnail), asked for a few at a time; null when none. */
  pictureOf: (index: number) => Promise<Buffer | null>;
};

// The lines' table: columns from the left margin, in points; a row per line with its picture.
const ROW = 50;
const PICTURE = 44;
const COLUMNS = {
  code: { x: 52, width: 80 },
  design: { x: 136, width: 166 },
  quantity: { x: 304, width: 44 },
  unitPrice: { x: 352, width: 84 },
  amount: { x: 439, width: 84 },
};
/** Pictures asked for ahead of the one being drawn. */
const AHEAD = 6;

/**
 * A sent quote as a PDF: the business's letterhead and "Page n of N" on every page (pages are
 * kept until the end, when their number is known), the reference, revision, buyer, date and
 * currency, one row per line with its thumbnail, code, name, minimum order, note, quantity, unit
 * price and amount, then the totals (taxes and grand total where the quote has them) and the
 * terms: validity, lead time, delivery, payment, metal rate, samples and the note to the buyer.
 * Drawn with the line sheet's pieces (lib/pdf-sheet.ts): Hindi in the embedded Devanagari font.
 */
export async function makeQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { quote, language } = input;
  const labels = QUOTE_LABELS[language];
  const title = `${labels.title} · ${labels.ref} ${input.orderId}`;
  const pdf = await startPdf({ title, bufferPages: true });
  const { doc, write, left, right } = pdf;
  const bottom = PAGE.height - PAGE.margin - FOOTER;
  const money = (minor: number) => formatAmount(minor, quote.currency);
  let y = 0;

  const newPage = () => {
    pdf.addPage();
    pdf.letterhead(title, `${labels.revision} ${quote.revision}`);
    y = PAGE.margin + HEADER;
  };
  const linesHeader = () => {
    y = tableHeader(
      pdf,
      y,
      [
        [labels.code, COLUMNS.code, 'left'],
        [labels.design, COLUMNS.design, 'left'],
        [labels.quantity, COLUMNS.quantity, 'right'],
        [`${labels.unitPrice} (${quote.currency})`, COLUMNS.unitPrice, 'right'],
        [`${labels.amount} (${quote.currency})`, COLUMNS.amount, 'right'],
      ],
      { size: 8, height: 14 },
    );
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const room = (height: number, onNewPage?: () => void) => {
    if (y + height <= bottom) return;
    newPage();
    onNewPage?.();
  };
  const fact = (label: string, value: string, width = 130) => {
    room(13);
    write(`${label}:`, left, y, { size: 9, bold: true, width: width - 6, ellipsis: true });
    write(value, left + width, y, { size: 9, width: right - left - width, ellipsis: true });
    y += 13;
  };

  newPage();
  fact(labels.to, input.buyer);
  fact(labels.sent, day(quote.sentAt));
  fact(labels.currency, quote.currency);
  y += 10;
  linesHeader();

  const pending = new Map<number, Promise<Buffer | null>>();
  const ask = (index: number) => {
    if (index < quote.lines.length && !pending.has(index))
      pending.set(
        index,
        input.pictureOf(index).catch(() => null),
      );
  };
  for (const [index, line] of quote.lines.entries()) {
    for (let k = index; k <= index + AHEAD; k++) ask(k);
    const picture = await pending.get(index)!;
    pending.delete(index);
    room(ROW, linesHeader);
    if (picture) {
      try {
        doc.image(picture, left, y, { fit: [PICTURE, PICTURE], align: 'center', valign: 'center' });
      } catch {
        // A damaged picture leaves its box empty; the line is still listed.
      }
    }
    doc.rect(left, y, PICTURE, PICTURE).strokeColor('#e5dccb').lineWidth(0.5).stroke();
    write(line.sku, left + COLUMNS.code.x, y + 2, {
      size: 9,
      bold: true,
      width: COLUMNS.code.width,
      ellipsis: true,
    });
    write(line.name, left + COLUMNS.design.x, y + 2, {
      size: 8,
      width: COLUMNS.design.width,
      ellipsis: true,
    });
    doc.fillColor('#555555');
    write(`${labels.moq}: ${line.moq}`, left + COLUMNS.design.x, y + 14, {
      size: 7,
      width: COLUMNS.design.width,
      ellipsis: true,
    });
    if (line.note)
      write(line.note, left + COLUMNS.design.x, y + 24, {
        size: 7,
        width: COLUMNS.design.width,
        ellipsis: true,
      });
    doc.fillColor('#000000');
    const number = (text: string, column: { x: number; width: number }) =>
      write(text, left + column.x, y + 2, { size: 9, width: column.width, align: 'right' });
    number(String(line.quantity), COLUMNS.quantity);
    number(money(line.unitPrice), COLUMNS.unitPrice);
    number(money(line.lineTotal), COLUMNS.amount);
    y += ROW;
    rowRule(pdf, y - 3);
  }

  // Totals, right-aligned under the amounts.
  const totals: [string, number, boolean][] = [[labels.total, quote.total, quote.grandTotal === undefined]];
  if (quote.tax) {
    if (quote.tax.cgst) totals.push([labels.cgst, quote.tax.cgst, false]);
    if (quote.tax.sgst) totals.push([labels.sgst, quote.tax.sgst, false]);
    if (quote.tax.igst) totals.push([labels.igst, quote.tax.igst, false]);
  }
  if (quote.grandTotal !== undefined) totals.push([labels.grandTotal, quote.grandTotal, true]);
  room(totals.length * 14 + 8);
  y += 4;
  for (const [label, amount, bold] of totals) {
    totalLine(
      pdf,
      y,
      { name: label, amount: formatMoney(amount, quote.currency), bold },
      { name: { x: 140, width: 226 }, amountX: right - 150 },
    );
    y += 14;
  }
  if (quote.taxRegime === 'export_lut') {
    room(12);
    write(labels.lut, left, y, { size: 8, width: right - left, align: 'right' });
    y += 12;
  }

  // The terms.
  y += 10;
  room(30);
  y = heading(pdf, labels.terms, y);
  fact(labels.validUntil, day(quote.validUntil));
  fact(labels.leadTime, `${quote.leadTimeDays} ${labels.days}`);
  if (quote.incoterm) fact(labels.incoterm, deliveryTerms(quote));
  if (quote.paymentTerms) fact(labels.paymentTerms, paymentTermsText(labels, quote.paymentTerms));
  if (quote.rateValidUntil) fact(labels.rateValidUntil, day(quote.rateValidUntil));
  const paragraph = (label: string, text: string) => {
    const width = right - left;
    doc.font('Helvetica').fontSize(9);
    const height = doc.heightOfString(text, { width }) + 16;
    room(Math.min(height, bottom - PAGE.margin - HEADER));
    write(`${label}:`, left, y, { size: 9, bold: true });
    y += 12;
    write(text, left, y, { size: 9, width, lineBreak: true });
    y = Math.max(doc.y, y + 12) + 4;
  };
  if (quote.sampleTerms) paragraph(labels.samples, quote.sampleTerms);
  if (quote.noteToBuyer) paragraph(labels.note, quote.noteToBuyer);

  return pdf.finish((page, pages) => `${labels.page} ${page} ${labels.of} ${pages}`);
}
