import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { selectionLinkOrders } from '../../db/schema/selections.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, type TestProduct } from '../../../test/buyer-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The `selection_links=…` pair of an answer's Set-Cookie, ready to send back; null when none. */
function linkCookieOf(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('selection_links='));
  return found ? found.split(';')[0]! : null;
}

describe('selections: a price request recorded against the link its browser opened', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let designs: TestProduct[];

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SELECTION_LINK: '1000', RATE_LIMIT_ORDER: '1000' });
    [admin, buyer] = await Promise.all([
      createUser(t.database, { role: 'admin' }),
      createUser(t.database, { name: 'Kavya Exports' }),
    ]);
    designs = [];
    for (let i = 0; i < 4; i++) {
      designs.push(await insertProduct(t.database, { name: `Silver Payal ${i}`, code: `SP-${i}` }));
    }
  });
  afterAll(() => t.close());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    cookie?: string | null,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? bearer(user.token) : {}), ...(cookie ? { cookie } : {}) },
      ...(payload && { payload }),
    });

  /** A selection of `designIds` with one link for a name and phone only (no account to follow). */
  async function selectionWithLink(title: string, designIds: string[]) {
    const made = await call(admin, 'POST', '/api/selections', { title, productIds: designIds });
    expect(made.statusCode, made.body).toBe(201);
    const selection = made.json().selection as Json;
    const linked = await call(admin, 'POST', `/api/selections/${selection._id}/links`, {
      recipient: { name: 'Kavya at the fair', phone: '+91 99280 11111' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    return { selection, link: linked.json().link as Json };
  }

  const submit = (productIds: string[], cookie: string | null) =>
    call(
      buyer,
      'POST',
      '/api/orders/submit-order',
      {
        firstName: 'Kavya',
        email: buyer.email,
        contactNumber: '+91 99280 11111',
        country: 'IN',
        orderDetails: productIds.map((productId) => ({ productId, quantity: 12 })),
      },
      cookie,
    );

  const orderUuid = async (orderNumber: number) =>
    (
      await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber))
    )[0]!.id;

  it('opening a link (anonymous) remembers it; the request sent later from that browser is recorded against it', async () => {
    const { selection, link } = await selectionWithLink('Payals for Kavya', [designs[0]!.id, designs[1]!.id]);
    const opened = await call(null, 'GET', `/api/s/${link.token}`);
    expect(opened.statusCode).toBe(200);
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = linkCookieOf(opened.headers['set-cookie']);
    expect(cookie).toBe(`selection_links=${link.token}`);
    await t.app.services.selections.flushOpens();

    // The buyer logs in later (the link was not made for their account) and sends the request.
    const sent = await submit([designs[1]!.id], cookie);
    expect(sent.statusCode, sent.body).toBe(201);
    const orderId = sent.json().orderId as number;

    const rows = await t.database.db.select().from(selectionLinkOrders);
    expect(rows).toEqual([expect.objectContaining({ linkId: link._id, orderId: await orderUuid(orderId) })]);
    const activity = (await call(admin, 'GET', `/api/selections/${selection._id}/activity`)).json();
    expect(activity.links).toEqual([expect.objectContaining({ linkId: link._id, orders: [orderId] })]);

    // The admin's order view reads which selection and link it came from.
    const sources = await call(admin, 'GET', `/api/selections/orders/${await orderUuid(orderId)}`);
    expect(sources.statusCode, sources.body).toBe(200);
    expect(sources.json()).toEqual({
      sources: [
        {
          selectionId: selection._id,
          title: 'Payals for Kavya',
          linkId: link._id,
          recipient: { name: 'Kavya at the fair', email: null, phone: '+91 99280 11111', userId: null },
          recorded: true,
        },
      ],
    });

    // And the link is no longer one to follow up.
    const followUps = (await call(admin, 'GET', '/api/selections/follow-ups')).json().links as Json[];
    expect(followUps.some((f) => f.linkId === link._id)).toBe(false);
  });

  it('without the cookie, or for designs outside the selection, nothing is recorded', async () => {
    const { selection, link } = await selectionWithLink('Only payal 2', [designs[2]!.id]);
    const opened = await call(null, 'POST', `/api/s/${link.token}/events`, { added: [designs[2]!.id] });
    expect(opened.statusCode).toBe(200);
    const cookie = linkCookieOf(opened.headers['set-cookie']);
    expect(cookie).toBe(`selection_links=${link.token}`);
    const before = (await t.database.db.select().from(selectionLinkOrders)).length;

    expect((await submit([designs[2]!.id], null)).statusCode).toBe(201);
    // A request for a design the selection does not hold did not follow it.
    expect((await submit([designs[3]!.id], cookie)).statusCode).toBe(201);
    // A made-up token names no link.
    const forged = `selection_links=${'A'.repeat(43)}.not-a-token`;
    expect((await submit([designs[2]!.id], forged)).statusCode).toBe(201);
    expect((await t.database.db.select().from(selectionLinkOrders)).length).toBe(before);
    const activity = (await call(admin, 'GET', `/api/selections/${selection._id}/activity`)).json();
    expect(activity.links[0].orders).toEqual([]);
  });

  it('remembers the five latest links, newest first, and records the request against each that holds its designs', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await selectionWithLink(`Round ${i}`, [designs[0]!.id]));
    let cookie: string | null = null;
    for (const { link } of made) {
      const res = await call(null, 'GET', `/api/s/${link.token}`, undefined, cookie);
      cookie = linkCookieOf(res.headers['set-cookie']);
    }
    expect(cookie).toBe(
      `selection_links=${made
        .slice(1)
        .reverse()
        .map((m) => m.link.token)
        .join('.')}`,
    );
    const sent = await submit([designs[0]!.id], cookie);
    expect(sent.statusCode).toBe(201);
    const uuid = await orderUuid(sent.json().orderId);
    const recorded = await t.database.db
      .select({ linkId: selectionLinkOrders.linkId })
      .from(selectionLinkOrders)
      .where(eq(selectionLinkOrders.orderId, uuid));
    expect(recorded.map((r) => r.linkId).sort()).toEqual(
      made
        .slice(1)
        .map((m) => m.link._id)
        .sort(),
    );
  });

  it('the order sources are for administrators only, and an unknown order has none', async () => {
    const res = await call(buyer, 'GET', '/api/selections/orders/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(403);
    const none = await call(admin, 'GET', '/api/selections/orders/00000000-0000-4000-8000-000000000000');
    expect(none.json()).toEqual({ sources: [] });
    expect((await call(admin, 'GET', '/api/selections/orders/not-an-id')).json()).toEqual({ sources: [] });
  });

  it('a selection tells when one of its links was last opened', async () => {
    const { selection, link } = await selectionWithLink('Opened later', [designs[1]!.id]);
    expect((await call(admin, 'GET', `/api/selections/${selection._id}`)).json().selection.lastOpenedAt).toBe(
      null,
    );
    await call(null, 'GET', `/api/s/${link.token}`);
    await t.app.services.selections.flushOpens();
    const listed = (await call(admin, 'GET', '/api/selections')).json().selections as Json[];
    const row = listed.find((s) => s._id === selection._id)!;
    expect(Date.now() - new Date(row.lastOpenedAt).getTime()).toBeLessThan(60_000);
  });

  it('e-mails a link again through the outbox when given its token; another token is 404, a revoked link 410', async () => {
    const made = await call(admin, 'POST', '/api/selections', {
      title: 'By mail',
      productIds: [designs[0]!.id],
    });
    const selection = made.json().selection as Json;
    const linked = await call(admin, 'POST', `/api/selections/${selection._id}/links`, {
      recipient: { name: 'Nisha', email: 'nisha@example.com' },
    });
    const link = linked.json().link as Json;
    const url = `/api/selections/${selection._id}/links/${link._id}/email`;
    const mailed = await call(admin, 'POST', url, { token: link.token, message: 'Our new payals' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const mail = (await outboxRows(t.database)).find(
      (r) => r.kind === 'selection.link' && JSON.stringify(r.payload).includes('nisha@example.com'),
    );
    expect(JSON.stringify(mail?.payload)).toContain(`/s/${link.token}`);
    expect(JSON.stringify(mail?.payload)).toContain('Our new payals');

    const wrong = await call(admin, 'POST', url, { token: 'B'.repeat(43) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('This is not the address of that link');
    const noMail = await selectionWithLink('No e-mail', [designs[0]!.id]);
    const refused = await call(
      admin,
      'POST',
      `/api/selections/${noMail.selection._id}/links/${noMail.link._id}/email`,
      { token: noMail.link.token },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/recipient\.email is required/);
    await call(admin, 'POST', `/api/selections/${selection._id}/links/${link._id}/revoke`);
    const gone = await call(admin, 'POST', url, { token: link.token });
    expect(gone.statusCode).toBe(410);
    expect((await call(buyer, 'POST', url, { token: link.token })).statusCode).toBe(404);
  });
});
