import { countryLabel } from '@catalogue/shared/domain/countries';
import { detailsTable, html, mailLayout } from '../mail/mail-html.ts';
import type { OutboxMail } from '../mail/outbox.repository.ts';
import type { UserRow } from './users.repository.ts';

export function welcomeMail(user: UserRow, siteUrl: string): OutboxMail {
  const title = 'Welcome to our wholesale jewellery catalogue';
  return {
    to: user.email,
    subject: title,
    text: [
      `Dear ${user.name},`,
      '',
      'Thank you for registering. You can now sign in, keep your enquiry list on any device and send us price requests.',
      '',
      `Sign in: ${siteUrl}/login`,
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${user.name},</p>
        <p>
          Thank you for registering. You can now sign in, keep your enquiry list on any device and send us
          price requests.
        </p>
        <p><a href="${siteUrl}/login">Sign in</a></p>`,
    ),
  };
}

function fieldsOf(user: UserRow): [string, string][] {
  return [
    ['Name', user.name],
    ['Email', user.email],
    ['Contact number', user.contactNumber],
    ['Country', `${countryLabel(user.country) ?? user.country} (${user.country})`],
    ['Company', user.companyName],
    ['Company website', user.companyWebsite],
  ];
}

export function newBuyerNoticeMail(user: UserRow, businessEmail: string): OutboxMail {
  const fields = fieldsOf(user);
  return {
    to: businessEmail,
    replyTo: user.email,
    subject: `New buyer registered: ${user.name}`,
    text: ['A new buyer has registered.', '', ...fields.map(([k, v]) => `${k}: ${v || '-'}`)].join('\n'),
    html: mailLayout(
      'New buyer registered',
      html`<p>A new buyer has registered.</p>
        ${detailsTable(fields)}`,
    ),
  };
}
