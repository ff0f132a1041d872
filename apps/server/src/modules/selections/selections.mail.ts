import { SITE } from '@catalogue/shared/domain/site';
import { html, mailLayout, multiline, type OutboxMail } from '../mail/index.ts';

/** A selection's link sent to its recipient, with the sender's short message. */
export function selectionLinkMail(input: {
  to: string;
  recipientName: string;
  title: string;
  url: string;
  message: string;
}): OutboxMail {
  const intro = input.message.trim() || `Here are the designs we chose for you: ${input.title}.`;
  return {
    to: input.to,
    replyTo: SITE.email,
    subject: `${input.title}: designs from ${SITE.name}`,
    text: [
      `Dear ${input.recipientName},`,
      '',
      intro,
      '',
      input.url,
      '',
      SITE.name,
      SITE.phones.main.display,
    ].join('\n'),
    html: mailLayout(
      input.title,
      html`<p>Dear ${input.recipientName},</p>
        <p>${multiline(intro)}</p>
        <p><a href="${input.url}">See the designs</a></p>
        <p>${SITE.name} · ${SITE.phones.main.display}</p>`,
    ),
  };
}
