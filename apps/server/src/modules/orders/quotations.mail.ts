import { minorToMajor } from '@catalogue/shared/domain/quotation';
import { detailsTable, html, mailLayout, mailTable, multiline, type OutboxMail } from '../mail/index.ts';
import type { RevisionRow } from './quotation-rows.ts';
import { quoteTermFacts, type TermsPricing } from './quote-terms.ts';

/**
 * The e-mails of a request's life after it is sent, rendered when their event happens. None of
 * them carries an internal note: they are built from what the buyer may read.
 */
export const QUOTE_MAIL = {
  sent: 'quote.sent',
  accepted: 'quote.accepted',
  declined: 'quote.declined',
  expired: 'quote.expired',
  comment: 'quote.comment',
} as const;

export type MailOrder = { orderNumber: number; firstName: string };
type SentQuote = Pick<
  RevisionRow,
  'revision' | 'currency' | 'lines' | 'total' | 'leadTimeDays' | 'validUntil' | 'noteToBuyer'
>;

const money = (amount: number, currency: string) => `${currency} ${minorToMajor(amount)}`;
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

const quoteTable = (quote: SentQuote) =>
  mailTable(
    [
      { heading: 'Model No.', cell: (line) => line.sku },
      {
        heading: 'Item',
        cell: (line) => html`${line.name}${line.note ? html`<br /><small>${line.note}</small>` : ''}`,
      },
      { heading: 'Qty', align: 'right', cell: (line) => line.quantity },
      { heading: 'Unit price', align: 'right', cell: (line) => money(line.unitPrice, quote.currency) },
      { heading: 'MOQ', align: 'right', cell: (line) => line.moq },
      { heading: 'Amount', align: 'right', cell: (line) => money(line.lineTotal, quote.currency) },
    ],
    quote.lines,
    { label: 'Total', value: money(quote.total, quote.currency) },
  );

/**
 * To the buyer: the quote was sent (or revised), with its prices, its taxes and terms (tax regime,
 * each tax, grand total, Incoterm and named place, payment terms, lead time, samples, until when
 * the metal rate holds) and a link to accept or decline it.
 */
export function quoteSentMail(
  order: MailOrder,
  quote: SentQuote,
  to: string,
  link: string,
  pricing: TermsPricing | null = null,
): OutboxMail {
  const title = `Your quotation for price request #${order.orderNumber}${quote.revision > 1 ? ` (revision ${quote.revision})` : ''}`;
  const { taxes, terms } = quoteTermFacts(quote, pricing, (minor) => money(minor, quote.currency));
  const facts: [string, string][] = [
    [pricing ? 'Total before tax' : 'Total', money(quote.total, quote.currency)],
    ...taxes,
    ['Valid until', day(quote.validUntil)],
    ...terms,
    ['Note', quote.noteToBuyer],
  ];
  return {
    to,
    subject: title,
    text: [
      `Dear ${order.firstName},`,
      '',
      `Our quotation for your price request #${order.orderNumber} is ready.`,
      '',
      ...quote.lines.map(
        (l) =>
          `- ${l.sku} ${l.name} x ${l.quantity} at ${money(l.unitPrice, quote.currency)} (MOQ ${l.moq}) = ${money(l.lineTotal, quote.currency)}${l.note ? ` (${l.note})` : ''}`,
      ),
      '',
      ...facts.map(([k, v]) => `${k}: ${v || '-'}`),
      '',
      `Accept or decline it here: ${link}`,
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${order.firstName},</p>
        <p>Our quotation for your price request #${order.orderNumber} is ready.</p>
        ${quoteTable(quote)} ${detailsTable(facts)}
        <p><a href="${link}">Read, accept or decline the quotation</a></p>`,
    ),
  };
}

/** To the business: the buyer accepted or declined. */
export function decisionMail(
  order: MailOrder,
  decision: 'accepted' | 'declined',
  quote: Pick<RevisionRow, 'revision' | 'total' | 'currency'>,
  reason: string,
  to: string,
  link: string,
): OutboxMail {
  const title = `Price request #${order.orderNumber}: quotation ${decision} by ${order.firstName}`;
  const facts: [string, string][] = [
    ['Revision', String(quote.revision)],
    ['Total', money(quote.total, quote.currency)],
    ...(decision === 'declined' ? ([['Reason', reason]] as [string, string][]) : []),
  ];
  return {
    to,
    subject: title,
    text: [title, '', ...facts.map(([k, v]) => `${k}: ${v || '-'}`), '', link].join('\n'),
    html: mailLayout(
      title,
      html`<p>${title}.</p>
        ${detailsTable(facts)}
        <p><a href="${link}">Open the request</a></p>`,
    ),
  };
}

/** To the buyer, once: the quote's validity passed. */
export function quoteExpiredMail(
  order: MailOrder,
  validUntil: Date | null,
  to: string,
  link: string,
): OutboxMail {
  const title = `The quotation for price request #${order.orderNumber} has expired`;
  const text = `The quotation for your price request #${order.orderNumber} was valid until ${day(validUntil)} and can no longer be accepted. Reply with a comment on the request if you would like a new one.`;
  return {
    to,
    subject: title,
    text: [`Dear ${order.firstName},`, '', text, '', link].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${order.firstName},</p>
        <p>${text}</p>
        <p><a href="${link}">Open the request</a></p>`,
    ),
  };
}

/** To the other side of the conversation: a new comment on the request. */
export function commentMail(
  order: MailOrder,
  comment: { authorName: string; text: string },
  to: string,
  link: string,
): OutboxMail {
  const title = `New comment on price request #${order.orderNumber}`;
  return {
    to,
    subject: title,
    text: [`${comment.authorName} wrote:`, '', comment.text, '', link].join('\n'),
    html: mailLayout(
      title,
      html`<p>${comment.authorName} wrote:</p>
        <blockquote style="border-left:3px solid #ddd;margin:0;padding-left:12px">
          ${multiline(comment.text)}
        </blockquote>
        <p><a href="${link}">Reply on the request</a></p>`,
    ),
  };
}
