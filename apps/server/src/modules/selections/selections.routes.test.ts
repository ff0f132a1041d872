import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startCacheSync } from '../../cache-sync.ts';
import { cartItems } from '../../db/schema/orders.ts';
import { productImages } from '../../db/schema/products.ts';
import { selectionLinks } from '../../db/schema/selections.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('selections: designs sent to buyers by link', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let designs: TestProduct[];

  beforeAll(async () => {
    t = await buildTestApp({ SITE_URL: 'https://jewels.example.com', RATE_LIMIT_SELECTION_LINK: '1000' });
    [admin, buyer, other] = await Promise.all([
      createUser(t.database, { role: 'admin' }),
      createUser(t.database, { name: 'Asha Retail' }),
      createUser(t.database),
    ]);
    designs = [];
    for (let i = 0; i < 5; i++) {
      designs.push(
        await insertProduct(t.database, { name: `Kundan Jhumka ${i}`, code: `KJ-${i}`, price: 100 + i }),
      );
    }
  });
  afterAll(() => t.close());

  const call = async (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload && { payload }) });

  async function makeSelection(user: TestUser, body: object = {}): Promise<Json> {
    const res = await call(user, 'POST', '/api/selections', {
      title: 'Diwali picks',
      note: 'Our newest kundan work',
      internalNote: 'Asha pays late; quote firm prices',
      productIds: designs.slice(0, 3).map((d) => d.id),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().selection;
  }

  async function makeLink(user: TestUser, selectionId: string, body: object = {}): Promise<Json> {
    const res = await call(user, 'POST', `/api/selections/${selectionId}/links`, {
      recipient: { name: 'Asha', phone: '+91 98290 12345', email: 'asha@example.com' },
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().link;
  }

  describe('making and keeping selections', () => {
    it('an admin makes one: 201 with its designs in the order given, owner and notes', async () => {
      const ids = [designs[2]!.id, designs[0]!.id, designs[2]!.id, designs[1]!.id];
      const selection = await makeSelection(admin, { productIds: ids });
      expect(selection).toMatchObject({
        title: 'Diwali picks',
        note: 'Our newest kundan work',
        internalNote: 'Asha pays late; quote firm prices',
        owner: { _id: admin.id },
        version: 1,
        links: [],
      });
      // Each design once, in the order first given.
      expect(selection.products.map((p: Json) => p.code)).toEqual(['KJ-2', 'KJ-0', 'KJ-1']);
      expect(typeof selection._id).toBe('string');
      expect(new Date(selection.createdAt).getTime()).toBeGreaterThan(0);
    });

    it('refuses more than 500 designs with a message saying so, and an empty list', async () => {
      const many = Array.from({ length: 501 }, () => designs[0]!.id);
      const res = await call(admin, 'POST', '/api/selections', { title: 'Too many', productIds: many });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/at most 500 designs/);
      const empty = await call(admin, 'POST', '/api/selections', { title: 'None', productIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/at least one design/);
      const untitled = await call(admin, 'POST', '/api/selections', {
        title: ' ',
        productIds: [designs[0]!.id],
      });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().message).toMatch(/title/);
    });

    it('names unknown or malformed designs (400) and stores nothing', async () => {
      const before = (await (await call(admin, 'GET', '/api/selections')).json()).selections.length;
      const unknown = '00000000-0000-4000-8000-000000000000';
      const res = await call(admin, 'POST', '/api/selections', {
        title: 'Bad',
        productIds: [designs[0]!.id, unknown, 'not-an-id'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(unknown);
      expect(res.json().message).toContain('not-an-id');
      expect((await (await call(admin, 'GET', '/api/selections')).json()).selections.length).toBe(before);
    });

    it('a buyer makes one only from their own enquiry list', async () => {
      await t.database.db.delete(cartItems).where(eq(cartItems.userId, buyer.id));
      await t.database.db.insert(cartItems).values([
        { userId: buyer.id, productId: designs[3]!.id, quantity: 2 },
        { userId: buyer.id, productId: designs[4]!.id, quantity: 1 },
      ]);
      const notOnList = await call(buyer, 'POST', '/api/selections', {
        title: 'For my colleague',
        productIds: [designs[3]!.id, designs[0]!.id],
      });
      expect(notOnList.statusCode).toBe(400);
      expect(notOnList.json().message).toBe('Only designs on your enquiry list can go into your selection');
      const own = await makeSelection(buyer, { productIds: [designs[4]!.id, designs[3]!.id] });
      expect(own.owner._id).toBe(buyer.id);
      expect(own.products.map((p: Json) => p.code)).toEqual(['KJ-4', 'KJ-3']);
    });

    it('anonymous callers get 401; another buyer gets 404 on every call of a selection not theirs', async () => {
      const selection = await makeSelection(admin);
      expect((await call(null, 'GET', '/api/selections')).statusCode).toBe(401);
      expect(
        (await call(null, 'POST', '/api/selections', { title: 'x', productIds: [designs[0]!.id] }))
          .statusCode,
      ).toBe(401);
      const id = selection._id;
      const calls: ['GET' | 'PUT' | 'DELETE' | 'POST', string, object?][] = [
        ['GET', `/api/selections/${id}`],
        ['PUT', `/api/selections/${id}`, { title: 'Mine now' }],
        ['DELETE', `/api/selections/${id}`],
        ['POST', `/api/selections/${id}/links`, { recipient: { name: 'Spy' } }],
        ['GET', `/api/selections/${id}/activity`],
        ['GET', '/api/selections/not-an-id'],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(other, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Selection not found');
      }
      const list = (await (await call(other, 'GET', '/api/selections')).json()).selections;
      expect(list).toEqual([]);
      // The admin's list holds the buyer's selections too.
      const all = (await (await call(admin, 'GET', '/api/selections')).json()).selections;
      expect(all.some((s: Json) => s.owner._id === buyer.id)).toBe(true);
    });

    it('an edit changes the fields given, re-orders the designs and adds 1 to the version; a stale version is 409', async () => {
      const selection = await makeSelection(admin);
      const res = await call(admin, 'PUT', `/api/selections/${selection._id}`, {
        title: 'Diwali picks, revised',
        productIds: [designs[1]!.id, designs[0]!.id],
        version: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const edited = res.json().selection;
      expect(edited).toMatchObject({
        title: 'Diwali picks, revised',
        note: 'Our newest kundan work',
        version: 2,
      });
      expect(edited.products.map((p: Json) => p.code)).toEqual(['KJ-1', 'KJ-0']);
      const stale = await call(admin, 'PUT', `/api/selections/${selection._id}`, {
        title: 'Lost',
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      const tooMany = await call(admin, 'PUT', `/api/selections/${selection._id}`, {
        productIds: Array.from({ length: 501 }, () => designs[0]!.id),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/at most 500 designs/);
      const after = (await (await call(admin, 'GET', `/api/selections/${selection._id}`)).json()).selection;
      expect(after.title).toBe('Diwali picks, revised');
    });

    it('a deleted selection is gone (404), and its links with it', async () => {
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id);
      expect((await call(admin, 'DELETE', `/api/selections/${selection._id}`)).statusCode).toBe(200);
      expect((await call(admin, 'GET', `/api/selections/${selection._id}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', `/api/s/${link.token}`)).statusCode).toBe(404);
    });
  });

  describe('links per recipient', () => {
    it('answers 201 with an unguessable token (at least 128 random bits) kept only as its hash', async () => {
      const selection = await makeSelection(admin);
      const a = await makeLink(admin, selection._id, { showPrices: false });
      const b = await makeLink(admin, selection._id);
      expect(a).toMatchObject({
        recipient: { name: 'Asha', phone: '+91 98290 12345', email: 'asha@example.com', userId: null },
        expiresAt: null,
        showPrices: false,
        revokedAt: null,
      });
      // 43 base64url characters = 256 bits.
      expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(a.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(a.token).not.toBe(b.token);
      expect(a.url).toBe(`https://jewels.example.com/s/${a.token}`);
      const rows = await t.database.db.select().from(selectionLinks).where(eq(selectionLinks.id, a._id));
      expect(rows[0]!.tokenHash).not.toContain(a.token);
      const { rows: found } = await t.database.db.execute(
        sql`SELECT 1 FROM selection_links WHERE token_hash = ${a.token} OR recipient_name = ${a.token}`,
      );
      expect(found).toHaveLength(0);
      // The selection lists its links, never their tokens.
      const got = await call(admin, 'GET', `/api/selections/${selection._id}`);
      expect(got.json().selection.links).toHaveLength(2);
      expect(got.body).not.toContain(a.token);
    });

    it('checks the recipient: a name is required, an e-mail must be one, an account must exist', async () => {
      const selection = await makeSelection(admin);
      const url = `/api/selections/${selection._id}/links`;
      const noName = await call(admin, 'POST', url, { recipient: { phone: '+91 98290 12345' } });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toMatch(/recipient\.name/);
      const badMail = await call(admin, 'POST', url, { recipient: { name: 'A', email: 'not-mail' } });
      expect(badMail.statusCode).toBe(400);
      expect(badMail.json().message).toMatch(/recipient\.email/);
      const ghost = await call(admin, 'POST', url, {
        recipient: { name: 'A', userId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(ghost.statusCode).toBe(400);
      expect(ghost.json().message).toMatch(/recipient\.userId/);
      const badExpiry = await call(admin, 'POST', url, { recipient: { name: 'A' }, expiresAt: 'tomorrow' });
      expect(badExpiry.statusCode).toBe(400);
      expect(badExpiry.json().message).toMatch(/expiresAt/);
    });

    it('only an administrator may make a link that shows prices', async () => {
      const own = (await (await call(buyer, 'GET', '/api/selections')).json()).selections[0];
      const res = await call(buyer, 'POST', `/api/selections/${own._id}/links`, {
        recipient: { name: 'Colleague' },
        showPrices: true,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an administrator may make a link that shows prices');
      const plain = await call(buyer, 'POST', `/api/selections/${own._id}/links`, {
        recipient: { name: 'Colleague' },
      });
      expect(plain.statusCode).toBe(201);
    });

    it('e-mails the link through the outbox when asked, with the sender’s message', async () => {
      await settleOutbox(t.database);
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id, {
        sendEmail: true,
        message: 'Namaste Asha, new designs for you',
      });
      const mails = (await outboxRows(t.database)).filter(
        (r) => r.status === 'pending' && r.kind === 'selection.link',
      );
      expect(mails).toHaveLength(1);
      const mail = (mails[0]!.payload as Json).mail;
      expect(mail.to).toBe('asha@example.com');
      expect(mail.text).toContain(link.url);
      expect(mail.text).toContain('Namaste Asha, new designs for you');
      const noMail = await call(admin, 'POST', `/api/selections/${selection._id}/links`, {
        recipient: { name: 'No mail' },
        sendEmail: true,
      });
      expect(noMail.statusCode).toBe(400);
      expect(noMail.json().message).toMatch(/recipient\.email/);
    });
  });

  describe('a link’s page data GET /api/s/{token}', () => {
    it('gives the designs with their facts and no `price` key at all when the link does not grant prices', async () => {
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id);
      const res = await call(null, 'GET', `/api/s/${link.token}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-robots-tag']).toContain('noindex');
      const body = res.json();
      expect(body.selection.title).toBe('Diwali picks');
      expect(body.selection.note).toBe('Our newest kundan work');
      expect(body.selection.designs.map((d: Json) => d.code)).toEqual(['KJ-0', 'KJ-1', 'KJ-2']);
      expect(body.selection.designs[0]).toEqual({
        productId: designs[0]!.id,
        code: 'KJ-0',
        name: 'Kundan Jhumka 0',
        imageUrl: null,
        attributes: { metal: [], finish: [], stone: [], colour: [] },
        weightGrams: null,
        minOrderQuantity: null,
        images: [],
      });
      for (const design of body.selection.designs) expect(Object.keys(design)).not.toContain('price');
      // Nothing internal, nothing about the recipient.
      expect(res.body).not.toContain('Asha pays late');
      expect(res.body).not.toContain('asha@example.com');
      expect(res.body).not.toContain('98290');
      expect(res.body).not.toMatch(/"price"/);
    });

    it('gives each design its gallery, first first, with its alt texts (the pictures a tap opens)', async () => {
      await t.database.db.insert(productImages).values([
        {
          productId: designs[1]!.id,
          position: 1,
          url: 'https://img.example.com/kj-1-side.jpg',
          altEn: 'Side',
          altHi: 'बगल से',
        },
        {
          productId: designs[1]!.id,
          position: 0,
          url: 'https://img.example.com/kj-1-front.jpg',
          altEn: 'Front',
        },
      ]);
      try {
        const selection = await makeSelection(admin);
        const link = await makeLink(admin, selection._id);
        const body = (await call(null, 'GET', `/api/s/${link.token}`)).json();
        const images = body.selection.designs[1].images.map((i: Json) => [i.url, i.alt, i.altHi]);
        expect(images).toEqual([
          ['https://img.example.com/kj-1-front.jpg', 'Front', ''],
          ['https://img.example.com/kj-1-side.jpg', 'Side', 'बगल से'],
        ]);
        expect(body.selection.designs[0].images).toEqual([]);
      } finally {
        await t.database.db.delete(productImages).where(eq(productImages.productId, designs[1]!.id));
      }
    });

    it('gives each design its price when the link grants prices', async () => {
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id, { showPrices: true });
      const body = (await call(null, 'GET', `/api/s/${link.token}`)).json();
      expect(body.selection.designs.map((d: Json) => d.price)).toEqual([100, 101, 102]);
    });

    it('answers 404 to an unknown or malformed token', async () => {
      const unknown = 'A'.repeat(43);
      for (const token of [unknown, 'short', `${'x'.repeat(42)}!`]) {
        const res = await call(null, 'GET', `/api/s/${encodeURIComponent(token)}`);
        expect(res.statusCode, token).toBe(404);
        expect(res.json().message).toBe('This link does not exist');
      }
    });

    it('answers 410 once revoked (also when the page was read, and so cached, before) and to an expired link', async () => {
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id);
      expect((await call(null, 'GET', `/api/s/${link.token}`)).statusCode).toBe(200);
      const revoke = await call(admin, 'POST', `/api/selections/${selection._id}/links/${link._id}/revoke`);
      expect(revoke.statusCode).toBe(200);
      expect(revoke.json().link.revokedAt).not.toBeNull();
      const gone = await call(null, 'GET', `/api/s/${link.token}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toMatch(/no longer active/);
      expect(
        (await call(admin, 'POST', `/api/selections/${selection._id}/links/${'0'.repeat(8)}/revoke`))
          .statusCode,
      ).toBe(404);
      const expired = await makeLink(admin, selection._id, {
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      expect((await call(null, 'GET', `/api/s/${expired.token}`)).statusCode).toBe(410);
      const later = await makeLink(admin, selection._id, {
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect((await call(null, 'GET', `/api/s/${later.token}`)).statusCode).toBe(200);
    });

    it('a deleted product vanishes from every selection and link page', async () => {
      const doomed = await insertProduct(t.database, { name: 'Doomed Bangle', code: 'DB-1' });
      const selection = await makeSelection(admin, { productIds: [designs[0]!.id, doomed.id] });
      const link = await makeLink(admin, selection._id);
      expect((await call(null, 'GET', `/api/s/${link.token}`)).json().selection.designs).toHaveLength(2);
      expect((await call(admin, 'DELETE', `/api/products/admin/${doomed.id}`)).statusCode).toBe(200);
      const page = (await call(null, 'GET', `/api/s/${link.token}`)).json();
      expect(page.selection.designs.map((d: Json) => d.code)).toEqual(['KJ-0']);
      const kept = (await call(admin, 'GET', `/api/selections/${selection._id}`)).json().selection;
      expect(kept.products.map((p: Json) => p.code)).toEqual(['KJ-0']);
    });
  });

  describe('who looked at what', () => {
    it('counts an open once per link and day, with the designs seen and added, and the price requests that followed', async () => {
      const selection = await makeSelection(admin);
      const link = await makeLink(admin, selection._id, { recipient: { name: 'Asha', userId: buyer.id } });
      const unopened = await makeLink(admin, selection._id, { recipient: { name: 'Ravi' } });
      // A price request before the open does not follow it.
      await t.database.db
        .insert(cartItems)
        .values({ userId: buyer.id, productId: designs[0]!.id, quantity: 1 })
        .onConflictDoNothing();
      for (let i = 0; i < 3; i++)
        expect((await call(null, 'GET', `/api/s/${link.token}`)).statusCode).toBe(200);
      const added = await call(null, 'POST', `/api/s/${link.token}/events`, {
        added: [designs[0]!.id, designs[1]!.id, designs[1]!.id],
      });
      expect(added.statusCode, added.body).toBe(200);
      await t.app.services.selections.flushOpens();
      const submit = await call(buyer, 'POST', '/api/orders/submit-order', {
        firstName: 'Asha',
        email: buyer.email,
        contactNumber: '+91 98290 12345',
        country: 'IN',
        orderDetails: [{ productId: designs[0]!.id, quantity: 12 }],
      });
      expect(submit.statusCode, submit.body).toBe(201);
      const res = await call(admin, 'GET', `/api/selections/${selection._id}/activity`);
      expect(res.statusCode).toBe(200);
      const [opened, never] = res.json().links;
      expect(opened).toMatchObject({
        linkId: link._id,
        recipient: { name: 'Asha', userId: buyer.id },
        opens: 1,
        designsViewed: 3,
        designsAdded: 2,
        orders: [submit.json().orderId],
      });
      expect(opened.firstOpenedAt).not.toBeNull();
      expect(new Date(opened.lastOpenedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(opened.firstOpenedAt).getTime(),
      );
      expect(never).toMatchObject({
        linkId: unopened._id,
        opens: 0,
        firstOpenedAt: null,
        lastOpenedAt: null,
        orders: [],
      });
    });

    it('lists for follow-up the links opened in the last 7 days with no price request since', async () => {
      const selection = await makeSelection(admin, { title: 'Follow me up' });
      const quiet = await makeLink(admin, selection._id, {
        recipient: { name: 'Quiet buyer', userId: other.id },
      });
      await call(null, 'GET', `/api/s/${quiet.token}`);
      await t.app.services.selections.flushOpens();
      const list = (await call(admin, 'GET', '/api/selections/follow-ups')).json().links;
      const row = list.find((l: Json) => l.linkId === quiet._id);
      expect(row).toMatchObject({ title: 'Follow me up', recipient: { name: 'Quiet buyer' } });
      // An open more than 7 days ago is no longer listed.
      await t.database.db.execute(
        sql`UPDATE selection_opens SET last_opened_at = now() - interval '8 days', first_opened_at = now() - interval '8 days' WHERE link_id = ${quiet._id}::uuid`,
      );
      const later = (await call(admin, 'GET', '/api/selections/follow-ups')).json().links;
      expect(later.find((l: Json) => l.linkId === quiet._id)).toBeUndefined();
      // The buyer who sent a request after opening (previous test) is not listed.
      expect(later.some((l: Json) => l.recipient.userId === buyer.id)).toBe(false);
      expect((await call(buyer, 'GET', '/api/selections/follow-ups')).json().links).toEqual([]);
    });
  });

  it('rate limits a link per address (429 with Retry-After)', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_SELECTION_LINK: '3' });
    try {
      const boss = await createUser(limited.database, { role: 'admin' });
      const product = await insertProduct(limited.database);
      const made = await limited.app.inject({
        method: 'POST',
        url: '/api/selections',
        headers: bearer(boss.token),
        payload: { title: 'x', productIds: [product.id] },
      });
      const link = await limited.app.inject({
        method: 'POST',
        url: `/api/selections/${made.json().selection._id}/links`,
        headers: bearer(boss.token),
        payload: { recipient: { name: 'A' } },
      });
      const token = link.json().link.token;
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: `/api/s/${token}` })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // Guessing tokens is limited the same way.
      const guess = await limited.app.inject({ method: 'GET', url: `/api/s/${'B'.repeat(43)}` });
      expect(guess.statusCode).toBe(429);
      expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a revoked link answers 410 on another instance within a second (PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const second = await buildApp({ env: t.env, database: t.database });
      await second.ready();
      const syncs = await Promise.all(
        [t.app, second].map((app) =>
          startCacheSync({ database: t.database, events: app.services.events, log: app.log }),
        ),
      );
      try {
        const selection = await makeSelection(admin);
        const link = await makeLink(admin, selection._id);
        // The second instance reads the page, so holds it in its cache.
        expect((await second.inject({ method: 'GET', url: `/api/s/${link.token}` })).statusCode).toBe(200);
        await call(admin, 'POST', `/api/selections/${selection._id}/links/${link._id}/revoke`);
        const started = Date.now();
        let status = 200;
        while (status === 200 && Date.now() - started < 1000) {
          status = (await second.inject({ method: 'GET', url: `/api/s/${link.token}` })).statusCode;
          if (status === 200) await new Promise((r) => setTimeout(r, 20));
        }
        expect(status).toBe(410);
      } finally {
        for (const s of syncs) await s?.close();
        await second.close();
      }
    },
  );
});
