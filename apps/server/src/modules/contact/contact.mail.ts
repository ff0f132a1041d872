import { countryLabel } from '@catalogue/shared/domain/countries';
import { detailsTable, html, mailLayout, multiline, type OutboxMail } from '../mail/index.ts';
import type { ContactMessageRow } from './contact.repository.ts';

function fieldsOf(message: ContactMessageRow): [string, string][] {
  return [
    ['Name', message.name],
    ['Email', message.email],
    ['Contact number', message.contactNumber],
    ['Country', `${countryLabel(message.country) ?? message.country} (${message.country})`],
    ['Company', message.companyName],
    ['Company website', message.companyWebsite],
    ['Message', message.message],
  ];
}

/** To the business; replying answers the sender. */
export function contactNotificationMail(message: ContactMessageRow, businessEmail: string): OutboxMail {
  const fields = fieldsOf(message);
  return {
    to: businessEmail,
    replyTo: message.email,
    subject: `Contact form: ${message.name}${message.companyName ? ` (${message.companyName})` : ''}`,
    text: [
      'A message arrived through the contact form.',
      '',
      ...fields.map(([k, v]) => `${k}: ${v || '-'}`),
    ].join('\n'),
    html: mailLayout(
      'Contact form message',
      html`<p>A message arrived through the contact form.</p>
        ${detailsTable(fields)}`,
    ),
  };
}

/** To the sender: we have it. Their own words are quoted back so they keep a copy. */
export function contactAcknowledgementMail(message: ContactMessageRow): OutboxMail {
  const title = 'We received your message';
  return {
    to: message.email,
    subject: title,
    text: [
      `Dear ${message.name},`,
      '',
      'Thank you for contacting us. We will get back to you soon.',
      '',
      'Your message:',
      message.message,
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${message.name},</p>
        <p>Thank you for contacting us. We will get back to you soon.</p>
        <p><strong>Your message:</strong></p>
        <blockquote style="border-left:3px solid #ddd;margin:0;padding-left:12px">
          ${multiline(message.message)}
        </blockquote>`,
    ),
  };
}
