import { BUSINESS_GST_STATE } from '@catalogue/shared/domain/pricing';
import { depositSplit, inrEquivalent, proformaNumberLabel } from '@catalogue/shared/domain/proforma';
import { formatAmount, formatMoney } from '@catalogue/shared/domain/quotation';
import type { BusinessSettings } from '@catalogue/shared/schemas/business-settings';
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
import { QUOTE_LABELS } from './quote-pdf.ts';

/** The proforma's own words; the terms are the quote PDF's (QUOTE_LABELS). */
const PROFORMA_LABELS = {
  en: {
    title: 'Proforma invoice',
    number: 'Proforma no.',
    issued: 'Date of issue',
    gstin: 'GSTIN',
    iec: 'IEC',
    state: 'State',
    billTo: 'Bill to',
    request: 'Price request',
    revision: 'Quotation revision',
    poNumber: 'Buyer’s PO',
    index: '#',
    hsn: 'HSN',
    weight: 'Weight per piece',
    net: 'Net',
    chargeable: 'Chg.',
    inr: 'INR equivalent',
    inrAt: (rate: string, currency: string, day: string) => `at INR ${rate} per ${currency} 1 (${day})`,
    lutNumber: 'LUT ARN',
    exportIgst: 'Supply meant for export on payment of IGST',
    depositDue: (pct: number) => `Deposit due (${pct}%)`,
    balanceDue: 'Balance',
    bank: 'Bank details',
    bankName: 'Bank',
    accountName: 'Account name',
    accountNumber: 'Account no.',
    ifsc: 'IFSC',
    swift: 'SWIFT',
    branch: 'Branch',
    weightNote:
      'Metal-linked goods are invoiced on the weight delivered, at the quoted rate per gram. This is a proforma invoice, not a tax invoice.',
  },
  hi: {
    title: 'प्रोफ़ॉर्मा इनवॉइस',
    number: 'प्रोफ़ॉर्मा संख्या',
    issued: 'जारी करने की तारीख',
    gstin: 'जीएसटीआईएन',
    iec: 'आईईसी',
    state: 'राज्य',
    billTo: 'बिल प्राप्तकर्ता',
    request: 'मूल्य अनुरोध',
    revision: 'कोटेशन संशोधन',
    poNumber: 'खरीदार का पीओ',
    index: '#',
    hsn: 'एचएसएन',
    weight: 'प्रति नग वज़न',
    net: 'शुद्ध',
    chargeable: 'देय',
    inr: 'रुपये में समतुल्य',
    inrAt: (rate: string, currency: string, day: string) => `INR ${rate} प्रति ${currency} 1 (${day})`,
    lutNumber: 'एलयूटी एआरएन',
    exportIgst: 'आईजीएसटी के भुगतान पर निर्यात हेतु आपूर्ति',
    depositDue: (pct: number) => `देय अग्रिम (${pct}%)`,
    balanceDue: 'शेष',
    bank: 'बैंक विवरण',
    bankName: 'बैंक',
    accountName: 'खाते का नाम',
    accountNumber: 'खाता संख्या',
    ifsc: 'आईएफ़एससी',
    swift: 'स्विफ़्ट',
    branch: 'शाखा',
    weightNote:
      'धातु-आधारित माल का बिल दिए गए वज़न पर, कोटेशन की प्रति ग्राम दर से बनता है। यह प्रोफ़ॉर्मा इनवॉइस है, कर बीजक नहीं।',
  },
} as const;

export type ProformaPdfInput = {
  language: 'en' | 'hi';
  /** The invoice's number in its series, its day of issue and the business's details then. */
  number: number;
  issuedAt: Date;
  seller: BusinessSettings;
  /** The request's number (`orderId`) and the buyer's purchase order, if given. */
  orderId: number;
  poNumber: string | null;
  buyer: { name: string; company: string; email: string; phone: string; country: string };
  /** The accepted revision as its buyer reads it. */
  quote: QuoteRevision;
  /** Per line (by index), the net metal weight of one piece in mg, for metal-linked lines; else null. */
  netWeightsMg: readonly (number | null)[];
  /** Per line (by index), the GST rate of the line in per cent (3 for jewellery). */
  gstPcts: readonly number[];
};

/** Milligrams as grams with three decimals. */
const grams = (mg: number) => `${Math.floor(mg / 1000)}.${String(mg % 1000).padStart(3, '0')}`;
/** A percentage as written on the invoice: 3 → "3", 1.5 → "1.5". */
const pctText = (pct: number) => String(Math.round(pct * 100) / 100);

const COLUMNS = {
  index: { x: 0, width: 16 },
  code: { x: 18, width: 62 },
  design: { x: 82, width: 118 },
  hsn: { x: 202, width: 50 },
  weight: { x: 254, width: 72 },
  quantity: { x: 328, width: 38 },
  unitPrice: { x: 368, width: 72 },
  amount: { x: 442, width: 81 },
};
const ROW = 28;

/**
 * The proforma invoice of an accepted quote, as an A4 PDF: the letterhead, the business's GSTIN,
 * IEC and state, the invoice's number and day of issue, the buyer, one row per line with its HSN
 * and, where metal-linked, the net and chargeable weight of one piece, the totals with the GST
 * breakup (or the LUT declaration of a zero-rated export), the INR equivalent of a foreign-currency
 * grand total at the quote's exchange rate, the payment terms with the deposit due, the delivery
 * terms and the bank details; "Page n of N" on every page. Hindi in the embedded Devanagari font.
 */
export async function makeProformaPdf(input: ProformaPdfInput): Promise<Buffer> {
  const { quote, language, seller } = input;
  const labels = PROFORMA_LABELS[language];
  const terms = QUOTE_LABELS[language];
  const label = proformaNumberLabel(input.number);
  const title = `${labels.title} ${label}`;
  const pdf = await startPdf({ title, bufferPages: true });
  const { doc, write, left, right } = pdf;
  /** Where the totals' amounts start: room for INR 3,30,00,00,00,00,000.00 on one line. */
  const AMOUNT_X = right - 150;
  const bottom = PAGE.height - PAGE.margin - FOOTER;
  const currency = quote.currency;
  let y = 0;

  const newPage = () => {
    pdf.addPage();
    pdf.letterhead(title, `${labels.issued}: ${day(input.issuedAt)}`);
    y = PAGE.margin + HEADER;
  };
  const room = (height: number, onNewPage?: () => void) => {
    if (y + height <= bottom) return;
    newPage();
    onNewPage?.();
  };
  const fact = (name: string, value: string, x = left, width = 110, span = right - left) => {
    write(`${name}:`, x, y, { size: 9, bold: true, width: width - 6, ellipsis: true });
    write(value, x + width, y, { size: 9, width: span - width, ellipsis: true });
  };
  const facts = (rows: [string, string][]) => {
    for (const [name, value] of rows) {
      room(13);
      fact(name, value);
      y += 13;
    }
  };

  newPage();
  // The seller's registrations and the invoice's own facts, side by side with the buyer.
  const half = (right - left) / 2;
  const top = y;
  const sellerRows: [string, string][] = [
    [labels.number, label],
    [labels.issued, day(input.issuedAt)],
    [labels.gstin, seller.gstin],
    [labels.iec, seller.iec],
    [labels.state, `${BUSINESS_GST_STATE.name} (${BUSINESS_GST_STATE.code})`],
    [labels.request, `${terms.ref} ${input.orderId}`],
    [labels.revision, String(quote.revision)],
    ...(input.poNumber ? ([[labels.poNumber, input.poNumber]] as [string, string][]) : []),
  ];
  for (const [name, value] of sellerRows) {
    fact(name, value, left, 96, half - 8);
    y += 13;
  }
  const afterSeller = y;
  y = top;
  write(labels.billTo, left + half, y, { size: 9, bold: true });
  y += 13;
  for (const text of [
    input.buyer.name,
    input.buyer.company,
    input.buyer.email,
    input.buyer.phone,
    input.buyer.country,
  ].filter(Boolean)) {
    write(text, left + half, y, { size: 9, width: half, ellipsis: true });
    y += 12;
  }
  y = Math.max(afterSeller, y) + 10;

  const linesHeader = () => {
    y = tableHeader(
      pdf,
      y,
      [
        [labels.index, COLUMNS.index, 'left'],
        [terms.code, COLUMNS.code, 'left'],
        [terms.design, COLUMNS.design, 'left'],
        [labels.hsn, COLUMNS.hsn, 'left'],
        [`${labels.weight} (g)`, COLUMNS.weight, 'left'],
        [terms.quantity, COLUMNS.quantity, 'right'],
        [`${terms.unitPrice} (${currency})`, COLUMNS.unitPrice, 'right'],
        [`${terms.amount} (${currency})`, COLUMNS.amount, 'right'],
      ],
      { size: 7.5, height: 13, ellipsis: true },
    );
  };
  linesHeader();

  for (const [index, line] of quote.lines.entries()) {
    room(ROW, linesHeader);
    const at = (
      column: { x: number; width: number },
      text: string,
      options: { bold?: boolean; right?: boolean; dy?: number; size?: number } = {},
    ) =>
      write(text, left + column.x, y + 2 + (options.dy ?? 0), {
        size: options.size ?? 8,
        bold: options.bold ?? false,
        width: column.width,
        align: options.right ? 'right' : 'left',
        ellipsis: true,
      });
    at(COLUMNS.index, String(index + 1));
    at(COLUMNS.code, line.sku, { bold: true });
    at(COLUMNS.design, line.name);
    at(COLUMNS.hsn, line.hsn ?? '-');
    const net = input.netWeightsMg[index] ?? null;
    const chargeable = line.chargeableWeightMg ?? null;
    if (net !== null || chargeable !== null) {
      if (net !== null) at(COLUMNS.weight, `${labels.net} ${grams(net)}`);
      if (chargeable !== null)
        at(COLUMNS.weight, `${labels.chargeable} ${grams(chargeable)}`, { dy: net !== null ? 10 : 0 });
    } else at(COLUMNS.weight, '-');
    at(COLUMNS.quantity, String(line.quantity), { right: true });
    at(COLUMNS.unitPrice, formatAmount(line.unitPrice, currency), { right: true });
    at(COLUMNS.amount, formatAmount(line.lineTotal, currency), { right: true });
    y += ROW;
    rowRule(pdf, y - 4);
  }

  // Totals with the GST breakup, right-aligned under the amounts.
  const regime = quote.taxRegime ?? null;
  const tax = quote.tax ?? { cgst: 0, sgst: 0, igst: 0 };
  const grandTotal = quote.grandTotal ?? quote.total;
  // One GST rate on every line is written beside each tax (CGST @ 1.5%); mixed rates are not.
  const rates = [...new Set(input.gstPcts)];
  const taxName = (name: string, share: number) =>
    rates.length === 1 ? `${name} @ ${pctText(rates[0]! * share)}%` : name;
  const totals: [string, number, boolean][] = [[terms.total, quote.total, false]];
  if (regime === 'intra_state')
    totals.push([taxName(terms.cgst, 0.5), tax.cgst, false], [taxName(terms.sgst, 0.5), tax.sgst, false]);
  if (regime === 'inter_state' || regime === 'export_igst')
    totals.push([taxName(terms.igst, 1), tax.igst, false]);
  totals.push([terms.grandTotal, grandTotal, true]);
  room(totals.length * 14 + 40);
  y += 2;
  const boxes = { name: { x: 0, width: AMOUNT_X - left - 6 }, amountX: AMOUNT_X };
  for (const [name, amount, bold] of totals) {
    totalLine(pdf, y, { name, amount: formatMoney(amount, currency), bold }, boxes);
    y += 14;
  }
  if (currency !== 'INR' && quote.fx) {
    const fx = quote.fx;
    write(
      `${labels.inr} ${labels.inrAt(formatAmount(fx.inrPerUnit, 'INR'), currency, day(fx.effectiveAt))}`,
      left,
      y,
      { size: 9, width: AMOUNT_X - left - 6, align: 'right' },
    );
    write(formatMoney(inrEquivalent(grandTotal, fx.inrPerUnit), 'INR'), AMOUNT_X, y, {
      size: 9,
      bold: true,
      width: right - AMOUNT_X,
      align: 'right',
    });
    y += 14;
  }
  if (regime === 'export_lut') {
    room(26);
    write(terms.lut, left, y, { size: 9, bold: true, width: right - left, align: 'right' });
    y += 12;
    if (seller.lutArn) {
      write(`${labels.lutNumber}: ${seller.lutArn}`, left, y, {
        size: 8,
        width: right - left,
        align: 'right',
      });
      y += 12;
    }
  } else if (regime === 'export_igst') {
    room(12);
    write(labels.exportIgst, left, y, { size: 9, bold: true, width: right - left, align: 'right' });
    y += 12;
  }

  // Terms: payment with the deposit due, delivery, lead time, samples.
  y += 10;
  room(30);
  y = heading(pdf, terms.terms, y);
  const termRows: [string, string][] = [];
  if (quote.paymentTerms) {
    const p = quote.paymentTerms;
    termRows.push([terms.paymentTerms, paymentTermsText(terms, p)]);
    const split = depositSplit(grandTotal, p.depositPct);
    if (p.depositPct > 0) {
      termRows.push([labels.depositDue(p.depositPct), formatMoney(split.deposit, currency)]);
      termRows.push([
        labels.balanceDue,
        `${formatMoney(split.balance, currency)} ${terms.balance[p.balance]}`,
      ]);
    }
  }
  if (quote.incoterm) termRows.push([terms.incoterm, deliveryTerms(quote)]);
  termRows.push([terms.leadTime, `${quote.leadTimeDays} ${terms.days}`]);
  if (quote.sampleTerms) termRows.push([terms.samples, quote.sampleTerms]);
  for (const [name, value] of termRows) {
    room(13);
    fact(name, value, left, 130);
    y += 13;
  }

  // Bank details.
  y += 8;
  room(16 + 13 * 6);
  y = heading(pdf, labels.bank, y);
  facts([
    [labels.bankName, seller.bank.name],
    [labels.accountName, seller.bank.accountName],
    [labels.accountNumber, seller.bank.accountNumber],
    [labels.ifsc, seller.bank.ifsc],
    [labels.swift, seller.bank.swift],
    ...(seller.bank.branch ? ([[labels.branch, seller.bank.branch]] as [string, string][]) : []),
  ]);

  y += 10;
  room(30);
  doc.fillColor('#555555');
  write(labels.weightNote, left, y, { size: 8, width: right - left, lineBreak: true });
  doc.fillColor('#000000');

  return pdf.finish((page, pages) => `${terms.page} ${page} ${terms.of} ${pages}`);
}
