import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { outbox } from '../../db/schema/system.ts';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { insertMedia, insertProduct, settleOutbox } from '../../../test/buyer-fixtures.ts';
import { createMailDispatcher } from './mail-dispatcher.ts';
import { createSmtpTransport } from './mail-transport.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
class TestSmtpServer {
  received: Received[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(port = 0) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server as unknown as { server: { address(): AddressInfo } }).server.address().port;
    return this;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** The header block of a raw message, unfolded. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    map.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

/** The decoded HTML part of a raw message (nodemailer sends it quoted-printable or base64). */
function htmlOf(raw: string): string {
  const at = raw.search(/Content-Type: text\/html/i);
  if (at < 0) return '';
  const headerEnd = raw.indexOf('\r\n\r\n', at);
  const partHeaders = raw.slice(at, headerEnd);
  const end = raw.indexOf('\r\n--', headerEnd);
  const body = raw.slice(headerEnd + 4, end < 0 ? undefined : end);
  if (/base64/i.test(partHeaders)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(partHeaders)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded body of the MIME part whose headers name `filename`. */
function attachmentOf(raw: string, filename: string): Buffer | null {
  const at = raw.search(new RegExp(`filename="?${filename.replace('.', '\\.')}"?`));
  if (at < 0) return null;
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

const contact = (name: string) => ({
  name,
  email: 'sender@example.org',
  contactNumber: '+91 141 000 0000',
  country: 'IN',
  message: 'Hello <there> & "friends"',
});

describe('the outbox dispatcher against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      RATE_LIMIT_CONTACT: '1000',
      RATE_LIMIT_ORDER: '1000',
      BUSINESS_EMAIL: 'sales@jaipur.example',
      MAIL_FROM: 'Jaipur Jewellery Catalogue <no-reply@jaipur.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.received = [];
  });

  const sendContact = (name: string) =>
    t.app.inject({ method: 'POST', url: '/api/contact/send', payload: contact(name) });

  /** A dispatcher over the same database and SMTP server with test timings: retry at once. */
  const dispatcher = (over: { maxAttempts?: number; batchSize?: number } = {}) =>
    createMailDispatcher({
      db: t.database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'Jaipur Jewellery Catalogue <no-reply@jaipur.example>',
      renderDeferred: (m) => t.app.services.orders.renderDeferredMail(m),
      backoffMs: () => 0,
      ...over,
    });

  it('delivers queued mail with one-line subjects and escaped HTML, and records it as sent', async () => {
    await settleOutbox(t.database);
    // A header through the name is refused at the door (a one-line field); cleanSubject stays behind it.
    expect((await sendContact('Ravi\r\nBcc: victim@example.com')).statusCode).toBe(400);
    expect((await sendContact('Ravi Bcc: victim@example.com')).statusCode).toBe(201);
    // Nothing is sent by the request itself.
    expect(smtp.received).toHaveLength(0);

    const result = await t.app.services.mail.runOnce();
    expect(result).toEqual({ sent: 2, retried: 0, failed: 0, skipped: 0 });
    expect(smtp.received).toHaveLength(2);

    const toBusiness = smtp.received.find((m) => m.to.includes('sales@jaipur.example'))!;
    const toSender = smtp.received.find((m) => m.to.includes('sender@example.org'))!;
    expect(toBusiness.to).toEqual(['sales@jaipur.example']);
    expect(toBusiness.from).toBe('no-reply@jaipur.example');
    const headers = headersOf(toBusiness.raw);
    expect(headers.get('subject')).toBe('Contact form: Ravi Bcc: victim@example.com');
    expect(headers.has('bcc')).toBe(false);
    expect(headers.get('reply-to')).toBe('sender@example.org');
    const html = htmlOf(toBusiness.raw);
    expect(html).toContain('Hello &lt;there&gt; &amp; &quot;friends&quot;');
    expect(html).not.toContain('Hello <there>');
    expect(html).toContain('Ravi Bcc: victim@example.com');
    expect(headersOf(toSender.raw).get('subject')).toBe('We received your message');

    const rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(rows.filter((r) => r.kind.startsWith('contact.')).every((r) => r.sentAt && r.attempts === 1)).toBe(
      true,
    );
    expect(await t.app.services.mail.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
  });

  it('sends a price request to the business with the workbook attached, and to the account address', async () => {
    await settleOutbox(t.database);
    const buyer = await createUser(t.database, { email: 'the-account@example.com' });
    const mediaId = await insertMedia(t.database, t.app.services.mediaStore);
    const product = await insertProduct(t.database, { name: 'Temple Necklace', code: 'TN-9', mediaId });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Chen',
        email: 'typed-in-form@example.com',
        contactNumber: '+65 6000 0000',
        country: 'SG',
        orderDetails: [{ productId: product.id, quantity: 12 }],
      },
    });
    const { orderId } = res.json();

    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 2 });
    const toBusiness = smtp.received.find((m) => m.to.includes('sales@jaipur.example'))!;
    const toBuyer = smtp.received.find((m) => m.to.includes('the-account@example.com'))!;
    expect(smtp.received.some((m) => m.to.includes('typed-in-form@example.com'))).toBe(false);
    expect(headersOf(toBusiness.raw).get('subject')).toBe(`Price request #${orderId} from Chen`);
    expect(headersOf(toBusiness.raw).get('reply-to')).toBe('typed-in-form@example.com');
    expect(headersOf(toBuyer.raw).get('subject')).toBe(`We received your price request #${orderId}`);
    expect(toBuyer.raw).not.toMatch(/Quotation_\d+\.xlsx/);

    const attachment = attachmentOf(toBusiness.raw, `Quotation_${orderId}.xlsx`);
    expect(attachment).not.toBeNull();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Price Quotation')!;
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'TN-9' && row.getCell(6).value === 12) {
        // The business's own copy carries the catalogue price (12.5) before any quote.
        expect(row.getCell(5).value).toBe(12.5);
        expect((row.getCell(7).value as ExcelJS.CellFormulaValue).result).toBe(150);
        found = true;
      }
    });
    expect(found).toBe(true);
    expect(sheet.getImages()).toHaveLength(1);
  });

  it('reads the price requests of a batch at once, and renders one by one if that read fails', async () => {
    await settleOutbox(t.database);
    const buyer = await createUser(t.database, { email: 'batch-buyer@example.com' });
    const product = await insertProduct(t.database, { name: 'Jhumka', code: 'JH-1' });
    const submitOne = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/submit-order',
        headers: bearer(buyer.token),
        payload: {
          firstName: 'Meera',
          email: 'meera@example.com',
          contactNumber: '+91 90000 00000',
          country: 'IN',
          orderDetails: [{ productId: product.id, quantity: 6 }],
        },
      });
    const numbers = [(await submitOne()).json().orderId, (await submitOne()).json().orderId];

    const batches: string[][] = [];
    const batched = dispatcher();
    const reading = createMailDispatcher({
      db: t.database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'Jaipur Jewellery Catalogue <no-reply@jaipur.example>',
      renderDeferred: () => Promise.reject(new Error('rendered one by one')),
      prepareDeferred: (mails) => {
        batches.push(mails.map((m) => m.template));
        return t.app.services.orders.prepareDeferredMails(mails);
      },
    });
    expect(await reading.runOnce()).toEqual({ sent: 4, retried: 0, failed: 0, skipped: 0 });
    // One read for the four messages, the business and the buyer mail of each request.
    expect(batches).toHaveLength(1);
    expect(batches[0]!.sort()).toEqual(['order.business', 'order.business', 'order.buyer', 'order.buyer']);
    for (const n of numbers) {
      expect(
        smtp.received.some((m) => headersOf(m.raw).get('subject') === `Price request #${n} from Meera`),
      ).toBe(true);
    }
    expect(await batched.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });

    smtp.received = [];
    await submitOne();
    const failing = createMailDispatcher({
      db: t.database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'Jaipur Jewellery Catalogue <no-reply@jaipur.example>',
      renderDeferred: (m) => t.app.services.orders.renderDeferredMail(m),
      prepareDeferred: () => Promise.reject(new Error('database away')),
    });
    expect(await failing.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, skipped: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('builds and sends two messages of a batch at once, never more, and sends every one', async () => {
    await settleOutbox(t.database);
    const buyer = await createUser(t.database, { email: 'lanes-buyer@example.com' });
    const product = await insertProduct(t.database, { name: 'Kada', code: 'KD-1' });
    for (let i = 0; i < 3; i++) {
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/orders/submit-order',
        headers: bearer(buyer.token),
        payload: {
          firstName: 'Isha',
          email: 'isha@example.com',
          contactNumber: '+91 90000 00001',
          country: 'IN',
          orderDetails: [{ productId: product.id, quantity: 3 }],
        },
      });
      expect(submitted.statusCode).toBe(201);
    }
    let building = 0;
    let most = 0;
    const lanes = createMailDispatcher({
      db: t.database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'Jaipur Jewellery Catalogue <no-reply@jaipur.example>',
      renderDeferred: async (m) => {
        most = Math.max(most, ++building);
        await new Promise((r) => setTimeout(r, 30));
        building--;
        return t.app.services.orders.renderDeferredMail(m);
      },
    });
    expect(await lanes.runOnce()).toEqual({ sent: 6, retried: 0, failed: 0, skipped: 0 });
    expect(most).toBe(2);
    expect(smtp.received).toHaveLength(6);
  });

  it('survives the server being down, then delivers once it is back, exactly once', async () => {
    await settleOutbox(t.database);
    const port = smtp.port;
    await smtp.stop();
    const d = dispatcher();

    expect((await sendContact('While Down')).statusCode).toBe(201);
    const failed = await d.runOnce();
    expect(failed).toEqual({ sent: 0, retried: 2, failed: 0, skipped: 0 });
    const pending = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(pending).toHaveLength(2);
    for (const row of pending) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.lockedUntil).toBeNull();
    }

    await smtp.start(port);
    const delivered = await d.runOnce();
    expect(delivered).toEqual({ sent: 2, retried: 0, failed: 0, skipped: 0 });
    expect(smtp.received).toHaveLength(2);
    expect(await d.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    expect(smtp.received).toHaveLength(2);
    await d.stop();
  });

  it('waits out the back-off before trying again, and gives up after the last attempt', async () => {
    await settleOutbox(t.database);
    const port = smtp.port;
    await smtp.stop();
    try {
      expect((await sendContact('Never Delivered')).statusCode).toBe(201);
      const slow = createMailDispatcher({
        db: t.database.db,
        transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
        from: 'x@example.com',
        renderDeferred: async () => null,
        backoffMs: () => 60_000,
      });
      expect(await slow.runOnce()).toMatchObject({ retried: 2 });
      // Not due yet: nothing is claimed.
      expect(await slow.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
      await slow.stop();

      const d = dispatcher({ maxAttempts: 3 });
      await t.database.db
        .update(outbox)
        .set({ nextAttemptAt: new Date() })
        .where(eq(outbox.status, 'pending'));
      expect(await d.runOnce()).toMatchObject({ retried: 2 });
      expect(await d.runOnce()).toMatchObject({ failed: 2 });
      const rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'failed'));
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.attempts === 3 && r.lastError)).toBe(true);
      expect(await d.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
      await d.stop();
    } finally {
      await smtp.start(port);
    }
  });

  it('skips the mail of a price request deleted before it was sent', async () => {
    await settleOutbox(t.database);
    const buyer = await createUser(t.database);
    const product = await insertProduct(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Gone',
        email: 'gone@example.com',
        contactNumber: '1',
        country: 'IN',
        orderDetails: [{ productId: product.id, quantity: 1 }],
      },
    });
    await t.database.db.delete(orders).where(eq(orders.orderNumber, res.json().orderId));
    expect(await t.app.services.mail.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 2 });
    expect(smtp.received).toHaveLength(0);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.status, 'skipped'));
    expect(rows).toHaveLength(2);
  });

  it('two dispatchers working at once never send the same message twice', async () => {
    await settleOutbox(t.database);
    for (let i = 0; i < 15; i++) expect((await sendContact(`Parallel ${i}`)).statusCode).toBe(201);
    const a = dispatcher({ batchSize: 4 });
    const b = dispatcher({ batchSize: 4 });
    const drain = async (d: ReturnType<typeof dispatcher>) => {
      for (;;) {
        const r = await d.runOnce();
        if (r.sent + r.retried + r.failed + r.skipped === 0) return;
      }
    };
    await Promise.all([drain(a), drain(b)]);
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.received).toHaveLength(30);
    const keys = smtp.received.map(
      (m) => `${m.to.join()}|${headersOf(m.raw).get('subject')}|${m.raw.match(/Parallel \d+/)?.[0]}`,
    );
    expect(new Set(keys).size).toBe(30);
  });

  // Last in this block: stopping the app's dispatcher closes its transport.
  it("once started, the app's dispatcher sends what a request queued at once (nudged), and stops cleanly", async () => {
    await settleOutbox(t.database);
    const mail = t.app.services.mail;
    mail.start(t.app.log);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      expect((await sendContact('Background')).statusCode).toBe(201);
      // Well before the 5 s polling tick: the commit's nudge started the send.
      while (smtp.received.length < 2 && Date.now() - started < 4_000)
        await new Promise((r) => setTimeout(r, 25));
      expect(smtp.received).toHaveLength(2);
    } finally {
      await mail.stop();
    }
  });
});

describe('without SMTP_URL, mail becomes .eml files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_CONTACT: '1000' });
  });
  afterAll(() => t.close());

  it('writes one readable file per message under DATA_DIR/mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload: contact('../../etc/passwd <File>'),
    });
    expect(res.statusCode).toBe(201);
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 2 });
    const dir = path.join(t.env.dataDir, 'mail');
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^[\dTZ-]+-outbox-\d+\.eml$/);
    const texts = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    const notice = texts.find((x) => x.includes('To: sales@example.com'))!;
    expect(notice).toContain('Subject: Contact form: ../../etc/passwd <File>');
    expect(htmlOf(notice)).toContain('../../etc/passwd &lt;File&gt;');
    expect(texts.some((x) => x.includes('To: sender@example.org'))).toBe(true);
  });
});
