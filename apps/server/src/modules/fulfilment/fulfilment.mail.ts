import { stageWords, type FulfilmentStage } from '@catalogue/shared/domain/fulfilment';
import { detailsTable, html, mailLayout, mailTable, type OutboxMail } from '../mail/index.ts';

/** The outbox kinds of an order in production: one mail to the buyer per stage reached. */
export const FULFILMENT_MAIL = { stage: 'fulfilment.stage' } as const;

type MailOrder = {
  orderNumber: number;
  firstName: string;
  poNumber: string | null;
  expectedShipDate: string | null;
};
type MailShipment = {
  courier: string;
  trackingNumber: string;
  lines: { sku: string; name: string; quantity: number }[];
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * To the buyer: their order reached `stage`, with the admin's note, the shipment that moved it
 * (when one did) and a link to the request's page.
 */
export function stageMail(
  order: MailOrder,
  stage: FulfilmentStage,
  note: string | null,
  shipment: MailShipment | null,
  to: string,
  link: string,
): OutboxMail {
  const title = `Order #${order.orderNumber} is ${stageWords(stage)}`;
  const facts: [string, string][] = [
    ['Stage', capital(stageWords(stage))],
    ['PO number', order.poNumber ?? ''],
    ['Expected ship date', order.expectedShipDate ?? ''],
    ['Note', note ?? ''],
    ...(shipment
      ? ([
          ['Courier', shipment.courier],
          ['Tracking number', shipment.trackingNumber],
        ] as [string, string][])
      : []),
  ];
  const shipped = shipment
    ? mailTable(
        [
          { heading: 'Model No.', cell: (line) => line.sku },
          { heading: 'Item', cell: (line) => line.name },
          { heading: 'Qty shipped', align: 'right', cell: (line) => line.quantity },
        ],
        shipment.lines,
      )
    : '';
  return {
    to,
    subject: title,
    text: [
      `Dear ${order.firstName},`,
      '',
      `Your order #${order.orderNumber} is ${stageWords(stage)}.`,
      '',
      ...facts.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`),
      ...(shipment ? ['', ...shipment.lines.map((l) => `- ${l.sku} ${l.name} x ${l.quantity}`)] : []),
      '',
      `Follow your order here: ${link}`,
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${order.firstName},</p>
        <p>Your order #${order.orderNumber} is ${stageWords(stage)}.</p>
        ${detailsTable(facts.filter(([, v]) => v))} ${shipped}
        <p><a href="${link}">Follow your order</a></p>`,
    ),
  };
}
