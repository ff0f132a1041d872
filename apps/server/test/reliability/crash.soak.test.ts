import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../image-fixtures.ts';
import {
  adminToken,
  call,
  LIMITS_OFF,
  registerAndLogin,
  startServer,
  tempDir,
  type ServerProcess,
} from './processes.ts';

/**
 * SIGKILL while 1,000 price requests are in flight, on the embedded database.
 * After a restart on the same data directory: every request that got a 2xx is stored exactly
 * once, order numbers have no gap, and a client retrying with its Idempotency-Key gets its first
 * answer (or, when it never got one, exactly one order).
 */

const REQUESTS = 1_000;
const KILL_AFTER_ANSWERS = 300;

type Order = { _id: string; orderId: number; message: string };

describe('crash safety', () => {
  const dataDir = tempDir('crash');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every answered price request exactly once across a SIGKILL, with consecutive numbers', async () => {
    const env = { DATA_DIR: dataDir, ...LIMITS_OFF };
    server = await startServer(env);
    const admin = await adminToken(server.url);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Crash Ring',
      description: 'x',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'CRASH-1',
    }))
      form.set(k, v);
    form.set('image', new Blob([await sampleImage('png', 40, 40)], { type: 'image/png' }), 'ring.png');
    const added = await fetch(`${server.url}/api/products/admin/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(added.status).toBe(201);
    const productId = ((await added.json()) as { product: { _id: string } }).product._id;
    const buyer = await registerAndLogin(server.url, 'crash', dataDir);

    const body = (i: number) => ({
      firstName: 'Crash',
      email: buyer.email,
      contactNumber: '+91 98765 43210',
      country: 'IN',
      message: `request ${i}`,
      orderDetails: [{ productId, quantity: 1 }],
    });
    const submit = (base: string, i: number) =>
      call<{ orderId: number }>(base, 'POST', '/api/orders/submit-order', {
        token: buyer.token,
        body: body(i),
        headers: { 'idempotency-key': `crash-${i}` },
        timeoutMs: 60_000,
      });

    // Fire all of them, and kill the server once enough have been answered.
    const first = new Map<number, number>(); // request → order number of its 2xx
    let answered = 0;
    let failed = 0;
    const live = server;
    const killed = new Promise<void>((resolve) => {
      const all = Array.from({ length: REQUESTS }, (_, i) =>
        submit(live.url, i)
          .then((res) => {
            if (res.status === 201) first.set(i, res.body.orderId);
            else failed++;
          })
          .catch(() => failed++)
          .finally(() => {
            if (++answered === KILL_AFTER_ANSWERS) void live.kill('SIGKILL').then(resolve);
          }),
      );
      void Promise.all(all).then(() => resolve());
    });
    await killed;
    console.info(`crash: ${first.size} answered 2xx before SIGKILL, ${failed} failed so far`);
    expect(first.size).toBeGreaterThan(0);
    expect(first.size).toBeLessThan(REQUESTS);
    // Let the stragglers fail against the dead process.
    await new Promise((r) => setTimeout(r, 500));

    // The data directory opens cleanly.
    server = await startServer(env);
    const admin2 = await adminToken(server.url);
    const list = async () =>
      (await call<{ orders: Order[] }>(server!.url, 'GET', '/api/orders/orders', { token: admin2 })).body
        .orders;
    const afterCrash = await list();
    const numbers = afterCrash.map((o) => o.orderId).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1)); // 1..n, no gap, no duplicate
    for (const [i, orderId] of first) {
      const stored = afterCrash.filter((o) => o.message === `request ${i}`);
      expect(stored.map((o) => o.orderId)).toEqual([orderId]);
    }

    // Every client retries with its key: the answered ones get their first answer back.
    let replayed = 0;
    for (let from = 0; from < REQUESTS; from += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, k) => from + k).map(async (i) => ({
          i,
          res: await submit(server!.url, i),
        })),
      );
      for (const { i, res } of batch) {
        expect(res.status).toBe(201);
        const firstAnswer = first.get(i);
        if (firstAnswer !== undefined) {
          expect(res.body.orderId).toBe(firstAnswer);
          replayed++;
        }
      }
    }
    const final = await list();
    const finalNumbers = final.map((o) => o.orderId).sort((a, b) => a - b);
    expect(final).toHaveLength(REQUESTS); // each request stored exactly once
    expect(finalNumbers).toEqual(finalNumbers.map((_, i) => i + 1));
    expect(new Set(final.map((o) => o.message)).size).toBe(REQUESTS);
    console.info(
      `crash: ${afterCrash.length} stored after the restart (${first.size} had been answered), ${replayed} retries got their first answer, ${REQUESTS} orders numbered 1..${REQUESTS} in the end`,
    );
  });
});
