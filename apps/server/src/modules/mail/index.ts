// The mail module's surface (docs/architecture.md, "Server modules").
export {
  createMailDispatcher,
  defaultBackoffMs,
  type DeferredMailRenderer,
  type RenderedMail,
} from './mail-dispatcher.ts';
export { detailsTable, html, mailLayout, mailTable, multiline } from './mail-html.ts';
export { createMailTransport } from './mail-transport.ts';
export { enqueueMail, type DeferredMail, type OutboxMail, type OutboxPayload } from './outbox.repository.ts';
