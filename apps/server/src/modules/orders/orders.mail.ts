import { countryLabel } from '@catalogue/shared/domain/countries';
import { detailsTable, html, mailLayout, mailTable, type OutboxMail } from '../mail/index.ts';
import type { OrderRow } from './order-rows.ts';

/** The deferred templates of a price request (rendered when sent, from the stored order). */
export const ORDER_MAIL = { business: 'order.business', buyer: 'order.buyer' } as const;

function fieldsOf(order: OrderRow): [string, string][] {
  return [
    ['Ref. No', String(order.orderNumber)],
    ['Name', order.firstName],
    ['Email', order.email],
    ['Contact number', order.contactNumber],
    ['Company', order.companyName],
    ['Company website', order.companyWebsite],
    ['Country', `${countryLabel(order.country) ?? order.country} (${order.country})`],
    ['Message', order.message],
  ];
}

const linesTable = (order: OrderRow) =>
  mailTable(
    [
      { heading: 'Model No.', cell: (line) => line.sku },
      { heading: 'Item', cell: (line) => line.name },
      { heading: 'Qty', align: 'right', cell: (line) => line.quantity },
    ],
    order.lines,
  );

const linesText = (order: OrderRow) => order.lines.map((l) => `- ${l.sku} ${l.name} x ${l.quantity}`);

/** To the business, with the quotation workbook attached by the caller. */
export function priceRequestBusinessMail(order: OrderRow, to: string): OutboxMail {
  const fields = fieldsOf(order);
  const company = order.companyName ? ` (${order.companyName})` : '';
  return {
    to,
    replyTo: order.email,
    subject: `Price request #${order.orderNumber} from ${order.firstName}${company}`,
    text: [
      `Price request #${order.orderNumber}`,
      '',
      ...fields.map(([k, v]) => `${k}: ${v || '-'}`),
      '',
      ...linesText(order),
      '',
      'The quotation workbook is attached.',
    ].join('\n'),
    html: mailLayout(
      `Price request #${order.orderNumber}`,
      html`${detailsTable(fields)}${linesTable(order)}
        <p>The quotation workbook is attached.</p>`,
    ),
  };
}

/** To the buyer's account address: the request was received. */
export function priceRequestBuyerMail(order: OrderRow, to: string): OutboxMail {
  const title = `We received your price request #${order.orderNumber}`;
  return {
    to,
    subject: title,
    text: [
      `Dear ${order.firstName},`,
      '',
      `Thank you for your price request (Ref. No ${order.orderNumber}). We will reply with prices and shipping details soon.`,
      '',
      ...linesText(order),
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${order.firstName},</p>
        <p>
          Thank you for your price request (Ref. No ${order.orderNumber}). We will reply with prices and
          shipping details soon.
        </p>
        ${linesTable(order)}`,
    ),
  };
}
