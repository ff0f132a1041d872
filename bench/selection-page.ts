// `node --import tsx bench/selection-page.ts [--designs 200] [--rounds 5] [--seconds 10] [--pg URL]`:
// starts the production server on the demo catalogue plus generated designs, has the admin make a
// selection of `designs` designs and one link for a buyer, then asks for the link's page
// (`/s/{token}`, the HTML a phone opens from WhatsApp) with wrk, 8 connections (`--connections`), `rounds` rounds of
// `seconds` seconds after one unmeasured round. It prints each round's rate and p99 and their
// medians beside the budget: the page answered from cache at p99 <= 50 ms with 200 designs.
import { parseArgs } from 'node:util';
import { median } from './lib/stats.ts';
import { BENCH_ADMIN, startBenchServer } from './lib/server.ts';
import { wrkRound } from './lib/wrk.ts';

const { values } = parseArgs({
  options: {
    designs: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '10' },
    pg: { type: 'string' },
    port: { type: 'string', default: '3340' },
    connections: { type: 'string', default: '8' },
  },
});
const BUDGET_P99_MS = 50;
const designs = Number(values.designs);

async function main() {
  const server = await startBenchServer({
    products: Math.max(designs, 1000),
    port: Number(values.port),
    ...(values.pg ? { postgresUrl: values.pg } : {}),
  });
  try {
    const login = (await (
      await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_ADMIN),
      })
    ).json()) as { token: string };
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(server.url + url, {
        method,
        headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok)
        throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };

    const productIds: string[] = [];
    for (let page = 1; productIds.length < designs; page++) {
      const answer = (await call('GET', `/api/products/paginated?page=${page}&limit=100`)) as {
        products: { _id: string }[];
      };
      if (answer.products.length === 0) throw new Error(`only ${productIds.length} designs in the catalogue`);
      productIds.push(...answer.products.map((p) => p._id));
    }
    productIds.length = designs;
    const { selection } = (await call('POST', '/api/selections', {
      title: `Bench selection of ${designs}`,
      note: 'For the benchmark',
      productIds,
    })) as { selection: { _id: string } };
    const { link } = (await call('POST', `/api/selections/${selection._id}/links`, {
      recipient: { name: 'Bench Buyer', phone: '+91 98765 43210' },
    })) as { link: { token: string } };
    const pagePath = `/s/${link.token}`;
    const first = await fetch(server.url + pagePath);
    const html = await first.text();
    if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);

    const options = {
      paths: [pagePath],
      headers: { 'accept-encoding': 'gzip, br', 'accept-language': 'en' },
      seconds: Number(values.seconds),
      connections: Number(values.connections),
    };
    await wrkRound(server.url, { ...options, seconds: 3 });
    const rounds = [];
    for (let i = 0; i < Number(values.rounds); i++) rounds.push(await wrkRound(server.url, options));
    const p99 = median(rounds.map((r) => r.p99));
    console.log(
      JSON.stringify(
        {
          database: server.database,
          designs,
          pageBytes: Buffer.byteLength(html),
          rounds: rounds.map((r) => ({
            rps: Math.round(r.rps),
            p50Ms: r.p50,
            p99Ms: r.p99,
            errors: r.errors,
            non2xx: r.non2xx,
          })),
          medianRps: Math.round(median(rounds.map((r) => r.rps))),
          medianP99Ms: p99,
          budgetP99Ms: BUDGET_P99_MS,
          status:
            p99 <= BUDGET_P99_MS && rounds.every((r) => r.errors === 0 && r.non2xx === 0) ? 'pass' : 'fail',
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
