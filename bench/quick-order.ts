// `node --import tsx bench/quick-order.ts [--products 100000] [--lines 2000] [--rounds 20] [--pg URL]`:
// starts the production server on a catalogue of `products` designs, signs in, and posts a pasted
// list of `lines` lines to `POST /api/quick-order/parse` `rounds` times (after 3 unmeasured),
// codes written the ways buyers write them (case, spaces, dashes, units, Devanagari digits), every
// one a design of the catalogue. It prints the median and p95 time per paste beside the budget:
// 2,000 lines read and matched in at most 200 ms at 100,000 products.
import { parseArgs } from 'node:util';
import { BENCH_ADMIN, startBenchServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    lines: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '20' },
    pg: { type: 'string' },
    port: { type: 'string', default: '3320' },
  },
});
const BUDGET_MS = 200;
const lineCount = Number(values.lines);
const rounds = Number(values.rounds);

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const DEVANAGARI = '०१२३४५६७८९';
const hindiDigits = (n: number) => String(n).replace(/\d/g, (d) => DEVANAGARI[Number(d)]!);

/** One design code written the way the i-th buyer's line would write it. */
function written(code: string, i: number): string {
  const loose = code.toLowerCase().replace(/-/g, '');
  const spaced = code.replace(/-/g, ' ');
  switch (i % 6) {
    case 0:
      return `${code} x ${(i % 40) + 1}`;
    case 1:
      return `${loose} rose ${(i % 30) + 2} pcs`;
    case 2:
      return `${code} ${(i % 4) + 1} dozen`;
    case 3:
      return `${spaced} – 1 gross`;
    case 4:
      return `${code} x ${hindiDigits((i % 50) + 1)}`;
    default:
      return `${i % 9}. ${code}\t${(i % 12) + 1}\tsets`;
  }
}

async function main() {
  const server = await startBenchServer({
    products: Number(values.products),
    port: Number(values.port),
    ...(values.pg ? { postgresUrl: values.pg } : {}),
  });
  try {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Codes from pages spread over the whole catalogue.
    const first = (await (await fetch(`${server.url}/api/products/paginated?page=1&limit=100`)).json()) as {
      totalPages: number;
    };
    const codes: string[] = [];
    const pages = Math.min(first.totalPages, Math.ceil(lineCount / 100));
    for (let n = 0; n < pages; n++) {
      const page = 1 + Math.floor((n * first.totalPages) / pages);
      const answer = (await (
        await fetch(`${server.url}/api/products/paginated?page=${page}&limit=100`)
      ).json()) as {
        products: { code: string }[];
      };
      codes.push(...answer.products.map((p) => p.code));
    }
    const text = Array.from({ length: lineCount }, (_, i) => written(codes[i % codes.length]!, i)).join('\n');

    const paste = async () => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/quick-order/parse`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ text }),
      });
      const body = (await response.json()) as { lines: { status: string }[] };
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`parse answered ${response.status}`);
      return {
        ms,
        matched: body.lines.filter((l) => l.status === 'matched').length,
        read: body.lines.length,
      };
    };
    for (let i = 0; i < 3; i++) await paste();
    const times: number[] = [];
    let last = { matched: 0, read: 0 };
    for (let i = 0; i < rounds; i++) {
      const { ms, ...counts } = await paste();
      times.push(ms);
      last = counts;
    }
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      JSON.stringify(
        {
          database: server.database,
          products: server.products,
          lines: lineCount,
          read: last.read,
          matched: last.matched,
          rounds,
          medianMs: Math.round(median),
          p95Ms: Math.round(p95),
          budgetMs: BUDGET_MS,
          status:
            server.products >= 100_000
              ? p95 <= BUDGET_MS
                ? 'pass'
                : 'fail'
              : p95 <= BUDGET_MS
                ? 'indicative pass'
                : 'indicative fail',
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
