import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/content.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { outboxRows, settleOutbox } from '../../../test/buyer-fixtures.ts';

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Lena Fischer',
  email: 'lena@example.de',
  contactNumber: '+49 30 1234567',
  country: 'DE',
  message: 'Do you make\nsilver toe rings?',
  companyName: 'Fischer Schmuck',
  companyWebsite: 'fischer-schmuck.de/shop',
  ...over,
});

type StoredMail = { mail: { to: string; replyTo?: string; subject: string; text: string; html: string } };

describe('POST /api/contact/send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_CONTACT: '1000', BUSINESS_EMAIL: 'office@example.com' });
  });
  afterAll(() => t.close());

  const send = (body: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact/send', payload: body as object, remoteAddress });

  it('stores the message with every field and answers 201', async () => {
    const res = await send(message({ country: 'uk', email: ' lena@example.de ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message received' });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(1);
    expect(row).toMatchObject({
      name: 'Lena Fischer',
      email: 'lena@example.de',
      contactNumber: '+49 30 1234567',
      country: 'GB',
      message: 'Do you make\nsilver toe rings?',
      companyName: 'Fischer Schmuck',
      companyWebsite: 'fischer-schmuck.de/shop',
    });
  });

  it.each([
    ['India', 'IN'],
    ['United Kingdom', 'GB'],
    ['united arab emirates', 'AE'],
    ['SOUTH KOREA', 'KR'],
  ])(
    'accepts the country by its name %s (as the previous contact page sends it) and stores %s',
    async (name, code) => {
      const res = await send(message({ country: name, name: `Name ${code}` }));
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt))
        .limit(1);
      expect(row).toMatchObject({ name: `Name ${code}`, country: code });
    },
  );

  it('queues a notice to the business and an acknowledgement to the sender, escaped, one-line subjects', async () => {
    await settleOutbox(t.database);
    // A header injected through the name is refused at the door (a one-line field) and queues nothing.
    const injected = await send(message({ name: 'Eve\r\nBcc: everyone@example.com' }));
    expect(injected.statusCode).toBe(400);
    expect((await outboxRows(t.database)).filter((r) => r.status === 'pending')).toEqual([]);
    const res = await send(
      message({
        name: 'Eve Bcc: everyone@example.com',
        companyName: '<b>Evil</b> & Co',
        message: '<script>alert("x")</script>\nsecond line',
      }),
    );
    expect(res.statusCode).toBe(201);
    const rows = (await outboxRows(t.database)).filter((r) => r.status === 'pending');
    expect(rows.map((r) => r.kind).sort()).toEqual(['contact.acknowledgement', 'contact.notification']);
    const notice = (rows.find((r) => r.kind === 'contact.notification')!.payload as StoredMail).mail;
    const ack = (rows.find((r) => r.kind === 'contact.acknowledgement')!.payload as StoredMail).mail;

    expect(notice.to).toBe('office@example.com');
    expect(notice.replyTo).toBe('lena@example.de');
    expect(ack.to).toBe('lena@example.de');
    for (const mail of [notice, ack]) {
      expect(mail.html).not.toMatch(/<script|<b>Evil/);
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>second line');
    }
    expect(notice.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    // The subject stays one line (and is cleaned again when sent).
    expect(notice.subject).toBe('Contact form: Eve Bcc: everyone@example.com (<b>Evil</b> & Co)');
  });

  it.each(['name', 'email', 'contactNumber', 'country', 'message'])(
    'requires %s (400 naming it), and stores nothing',
    async (field) => {
      const before = (await t.database.db.select().from(contactMessages)).length;
      for (const value of [undefined, '', '   ']) {
        const res = await send(message({ [field]: value }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(field);
        expect(res.json().issues[0].path).toBe(`body.${field}`);
      }
      expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
    },
  );

  it.each([
    ['an e-mail without domain', { email: 'lena@' }, 'email'],
    ['an unknown country', { country: 'Atlantis' }, 'country'],
    ['a country name not offered', { country: 'Narnia Kingdom' }, 'country'],
    ['part of a country name', { country: 'United' }, 'country'],
    ['a javascript: website', { companyWebsite: 'javascript:alert(1)' }, 'companyWebsite'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message'],
    ['a name that is not text', { name: { first: 'Lena' } }, 'name'],
  ])('refuses %s with 400', async (_case, over, field) => {
    const res = await send(message(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('accepts the optional fields left out', async () => {
    const res = await send(message({ companyName: undefined, companyWebsite: null }));
    expect(res.statusCode).toBe(201);
  });
  it.each([
    ['name', 'Lena\nFischer'],
    ['name', 'Lena \u202Eremmahcs'],
    ['email', 'lena\u2066@example.de'],
    ['contactNumber', '+49 30\r1234567'],
    ['companyName', 'Fischer\u0007Schmuck'],
    ['companyName', 'Fischer \u2069Schmuck'],
    ['companyWebsite', 'fischer-schmuck.de/\u202Dshop'],
  ])(
    'refuses a line break, control or text-direction character in %s (%j), naming it',
    async (field, value) => {
      const before = (await t.database.db.select().from(contactMessages)).length;
      const res = await send(message({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: `${field}: ${field} must be one line of text, without line breaks, control characters or text-direction characters`,
        issues: [{ path: `body.${field}` }],
      });
      expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
    },
  );

  it('keeps the line breaks of the message, the one multi-line field', async () => {
    const res = await send(message({ message: 'Line one\r\nLine two\n\nRegards' }));
    expect(res.statusCode).toBe(201);
  });
});

describe('contact rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_CONTACT: '2' });
  });
  afterAll(() => t.close());

  const send = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/contact/send', payload: message({ email }), remoteAddress });

  it('limits per address and per e-mail with 429 and Retry-After', async () => {
    expect((await send('a@example.com', '10.9.0.1')).statusCode).toBe(201);
    expect((await send('b@example.com', '10.9.0.1')).statusCode).toBe(201);
    const byAddress = await send('c@example.com', '10.9.0.1');
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().message).toBe('Too many messages sent, please try again later');
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(0);

    expect((await send('a@example.com', '10.9.0.2')).statusCode).toBe(201);
    expect((await send('a@example.com', '10.9.0.3')).statusCode).toBe(429);
  });
});
