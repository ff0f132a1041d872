// `node --import tsx bench/quote-pricing.ts [--lines 500] [--rounds 20] [--pg URL]`: starts the
// production server on the demo catalogue plus generated designs, gives `lines` of them a costing
// (half metal-linked sterling silver as worked example A, half per piece as example B, some with a
// price break), sets the day's silver rate and the US$ rate, and has a buyer send one price request
// of `lines` lines. The admin then saves its quote with no unit price on any line, so every line
// takes its suggested price from its costing and the rates, with the export tax terms and the
// conversion to US$: `rounds` times (after 3 unmeasured). The budget is the pricing: the server's
// `priceDraft` on those lines, measured in this process on the same costings and rates (a 500-line
// quote priced in at most 50 ms, p95). The whole save over HTTP (the pricing, the request's lines read,
// the revision and its 500 lines written, the answer) is printed beside it, as its context.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBuyers } from './lib/scenarios.ts';
import { BENCH_ADMIN, startBenchServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import {
  QUOTE_PRICING_BUDGET_MS as BUDGET_MS,
  metalLinked,
  perPiece,
  pricingInProcess,
} from './lib/quote-pricing.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '20' },
    pg: { type: 'string' },
    port: { type: 'string', default: '3330' },
  },
});
const lineCount = Number(values.lines);
const rounds = Number(values.rounds);

async function main() {
  const inProcess = pricingInProcess(lineCount, rounds);
  const server = await startBenchServer({
    products: Math.max(lineCount, 1000),
    port: Number(values.port),
    ...(values.pg ? { postgresUrl: values.pg } : {}),
  });
  try {
    const call = async (token: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(server.url + url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok)
        throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const login = (await (
      await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_ADMIN),
      })
    ).json()) as { token: string };
    const admin = login.token;

    const ids: string[] = [];
    for (let page = 1; ids.length < lineCount; page++) {
      const answer = (await call(admin, 'GET', `/api/products/paginated?page=${page}&limit=100`)) as {
        products: { _id: string }[];
      };
      if (answer.products.length === 0) throw new Error(`only ${ids.length} designs in the catalogue`);
      ids.push(...answer.products.map((p) => p._id));
    }
    ids.length = lineCount;
    for (let i = 0; i < ids.length; i += 10) {
      await Promise.all(
        ids
          .slice(i, i + 10)
          .map((id, j) =>
            call(
              admin,
              'PUT',
              `/api/products/admin/${id}/costing`,
              (i + j) % 2 ? perPiece(i + j) : metalLinked(i + j),
            ),
          ),
      );
    }
    await call(admin, 'POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000, source: 'IBJA' });
    await call(admin, 'POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 8450, source: 'RBI' });

    const [buyer] = await createBuyers(server.url, 1, path.join(server.dataDir, 'mail'));
    const sent = (await call(buyer!.token, 'POST', '/api/orders/submit-order', {
      firstName: 'Bench',
      email: buyer!.email,
      contactNumber: '+91 98765 43210',
      country: 'US',
      orderDetails: ids.map((productId, i) => ({ productId, quantity: 12 + (i % 300) })),
    })) as { orderId: number };
    const { orders } = (await call(
      admin,
      'GET',
      `/api/orders/orders?search=${sent.orderId}&page=1&limit=10`,
    )) as {
      orders: { _id: string; orderId: number }[];
    };
    const order = orders.find((o) => o.orderId === sent.orderId);
    if (!order) throw new Error(`price request ${sent.orderId} not found in the admin's list`);

    let version = 1;
    const save = async () => {
      const started = performance.now();
      const answer = (await call(admin, 'PUT', `/api/orders/${order._id}/quote`, {
        version,
        currency: 'USD',
        incoterm: 'FOB',
        namedPlace: 'Mumbai',
        leadTimeDays: 30,
        lines: ids.map((productId) => ({ productId })),
      })) as { order: { version: number; quote: { lines: { unitPrice: number }[] } } };
      const ms = performance.now() - started;
      version = answer.order.version;
      return { ms, priced: answer.order.quote.lines.filter((l) => l.unitPrice > 0).length };
    };
    for (let i = 0; i < 3; i++) await save();
    const times: number[] = [];
    let priced = 0;
    for (let i = 0; i < rounds; i++) {
      const round = await save();
      times.push(round.ms);
      priced = round.priced;
    }
    const round1 = (ms: number) => Math.round(ms * 10) / 10;
    console.log(
      JSON.stringify(
        {
          database: server.database,
          lines: lineCount,
          rounds,
          pricing: {
            priced: inProcess.priced,
            medianMs: round1(inProcess.medianMs),
            p95Ms: round1(inProcess.p95Ms),
            budgetMs: BUDGET_MS,
            status: inProcess.p95Ms <= BUDGET_MS ? 'pass' : 'fail',
          },
          saveOverHttp: {
            priced,
            medianMs: Math.round(percentile(times, 50)),
            p95Ms: Math.round(percentile(times, 95)),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
}

await main();
