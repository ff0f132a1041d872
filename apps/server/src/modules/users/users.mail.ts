import { countryLabel } from '@catalogue/shared/domain/countries';
import { detailsTable, html, mailLayout, type OutboxMail } from '../mail/index.ts';
import type { UserRow } from './users.repository.ts';

/**
 * The welcome of a new account. When its address must be verified the mail carries the link,
 * and says what waits for it (verification, and approval when trade approval is on).
 */
export function welcomeMail(
  user: UserRow,
  siteUrl: string,
  options: { verifyLink?: string | null; isPendingApproval?: boolean } = {},
): OutboxMail {
  const title = 'Welcome to our wholesale jewellery catalogue';
  const { verifyLink, isPendingApproval } = options;
  const intro = isPendingApproval
    ? 'Thank you for registering. You can sign in and keep your enquiry list on any device now; we review every trade account and will write to you once yours is approved for price requests.'
    : 'Thank you for registering. You can now sign in, keep your enquiry list on any device and send us price requests.';
  const verifyText = verifyLink
    ? ['', 'Please confirm your e-mail address first (the link works for 7 days):', verifyLink]
    : [];
  return {
    to: user.email,
    subject: title,
    text: [`Dear ${user.name},`, '', intro, ...verifyText, '', `Sign in: ${siteUrl}/login`].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${user.name},</p>
        <p>${intro}</p>
        ${
          verifyLink
            ? html`<p>Please confirm your e-mail address first (the link works for 7 days):</p>
                <p><a href="${verifyLink}">Confirm my e-mail address</a></p>`
            : ''
        }
        <p><a href="${siteUrl}/login">Sign in</a></p>`,
    ),
  };
}

/** A new verification link: asked for again, or after the address was changed. */
export function verifyEmailMail(user: { name: string; email: string }, link: string): OutboxMail {
  const title = 'Confirm your e-mail address';
  return {
    to: user.email,
    subject: title,
    text: [
      `Dear ${user.name},`,
      '',
      'Please confirm this e-mail address for your trade account (the link works for 7 days):',
      link,
      '',
      'If you did not ask for this, you can ignore this message.',
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${user.name},</p>
        <p>Please confirm this e-mail address for your trade account (the link works for 7 days):</p>
        <p><a href="${link}">Confirm my e-mail address</a></p>
        <p>If you did not ask for this, you can ignore this message.</p>`,
    ),
  };
}

export function resetPasswordMail(user: { name: string; email: string }, link: string): OutboxMail {
  const title = 'Reset your password';
  return {
    to: user.email,
    subject: title,
    text: [
      `Dear ${user.name},`,
      '',
      'Someone asked to reset the password of your trade account. Choose a new one here (the link works for 1 hour, once):',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${user.name},</p>
        <p>
          Someone asked to reset the password of your trade account. Choose a new one here (the link works for
          1 hour, once):
        </p>
        <p><a href="${link}">Choose a new password</a></p>
        <p>If it was not you, ignore this message: your password stays as it is.</p>`,
    ),
  };
}

/** An administrator's decision on a trade account awaiting approval. */
export function accountDecisionMail(
  user: { name: string; email: string },
  decision: 'approved' | 'rejected',
  reason: string,
  siteUrl: string,
): OutboxMail {
  const isApproved = decision === 'approved';
  const title = isApproved ? 'Your trade account is approved' : 'Your trade account application';
  const body = isApproved
    ? 'Your trade account is approved: you can now send us price requests.'
    : 'We are sorry: we cannot approve your trade account.';
  const reasonLines = reason ? ['', `Reason: ${reason}`] : [];
  return {
    to: user.email,
    subject: title,
    text: [`Dear ${user.name},`, '', body, ...reasonLines, '', `${siteUrl}/login`].join('\n'),
    html: mailLayout(
      title,
      html`<p>Dear ${user.name},</p>
        <p>${body}</p>
        ${reason ? html`<p>Reason: ${reason}</p>` : ''}
        <p><a href="${siteUrl}/login">${siteUrl}/login</a></p>`,
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
