import type { Scenario } from './measure.ts';
import { loginToken } from './quote-scenarios.ts';
import { BENCH_ADMIN, type BenchServer } from './server.ts';

/**
 * The budgets of the ways orders arrive, measured on each configuration's catalogue:
 * - `selection-page`: a link's page of a 200-design selection (`/s/{token}`, the HTML a phone
 *   opens from WhatsApp), answered from the server's memory; wrk, 8 connections.
 * - `quick-order`: a 2,000-line paste read and matched (`POST /api/quick-order/parse`), codes from
 *   across the catalogue written six ways buyers write them; one paste at a time (a person waits
 *   for it), so its latency is the figure.
 */
export const FEATURE_SCENARIOS = ['selection-page', 'quick-order'] as const;
export const SELECTION_DESIGNS = 200;
export const QUICK_ORDER_LINES = 2000;

const DEVANAGARI = '०१२३४५६७८९';
const hindiDigits = (n: number) => String(n).replace(/\d/g, (d) => DEVANAGARI[Number(d)]!);

/** One design code written the way the i-th buyer's line would write it. */
export function writtenLine(code: string, i: number): string {
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

type Page = { totalPages: number; products: { _id: string; code: string }[] };

/** `count` designs from pages spread over the whole catalogue (100 a page). */
async function spreadDesigns(baseUrl: string, count: number): Promise<Page['products']> {
  const read = async (page: number) =>
    (await (await fetch(`${baseUrl}/api/products/paginated?page=${page}&limit=100`)).json()) as Page;
  const first = await read(1);
  const pages = Math.min(first.totalPages, Math.ceil(count / 100));
  const designs: Page['products'] = [];
  for (let n = 0; n < pages; n++) {
    const page = 1 + Math.floor((n * first.totalPages) / pages);
    designs.push(...(page === 1 ? first : await read(page)).products);
  }
  return designs;
}

async function call(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Sets up what the feature scenarios ask for (a selection and its link, a paste) and returns them. */
export async function featureScenarios(
  server: BenchServer,
  wanted: (key: string) => boolean,
): Promise<Scenario[]> {
  const admin = await loginToken(server.url, BENCH_ADMIN);
  const scenarios: Scenario[] = [];
  if (wanted('selection-page')) {
    const designs = (await spreadDesigns(server.url, SELECTION_DESIGNS)).slice(0, SELECTION_DESIGNS);
    const { selection } = (await call(server.url, admin, 'POST', '/api/selections', {
      title: `Bench selection of ${designs.length}`,
      note: 'For the benchmark',
      productIds: designs.map((d) => d._id),
    })) as { selection: { _id: string } };
    const { link } = (await call(server.url, admin, 'POST', `/api/selections/${selection._id}/links`, {
      recipient: { name: 'Bench Buyer', phone: '+91 98765 43210' },
    })) as { link: { token: string } };
    scenarios.push({
      key: 'selection-page',
      name: `a link's page of a ${designs.length}-design selection (/s/{token}, HTML)`,
      paths: [`/s/${link.token}`],
      headers: { accept: 'text/html', 'accept-language': 'en' },
      client: 'wrk',
      // Eight visitors opening one link at the same instant is already far more than a message to
      // one buyer brings; at the run's 20 the server is saturated and the p99 is queueing.
      connections: 8,
    });
  }
  if (wanted('quick-order')) {
    const codes = (await spreadDesigns(server.url, QUICK_ORDER_LINES)).map((d) => d.code);
    const text = Array.from({ length: QUICK_ORDER_LINES }, (_, i) =>
      writtenLine(codes[i % codes.length]!, i),
    ).join('\n');
    // Every line is a design of the catalogue: a paste that matched fewer is a failed answer.
    const answered = (await call(server.url, admin, 'POST', '/api/quick-order/parse', { text })) as {
      lines: { status: string }[];
    };
    const matched = answered.lines.filter((l) => l.status === 'matched').length;
    if (matched !== QUICK_ORDER_LINES)
      throw new Error(`quick order: ${matched} of ${QUICK_ORDER_LINES} lines matched`);
    scenarios.push({
      key: 'quick-order',
      name: `a ${QUICK_ORDER_LINES.toLocaleString('en')}-line paste read and matched (one at a time)`,
      steps: [
        {
          method: 'POST',
          path: '/api/quick-order/parse',
          headers: { authorization: `Bearer ${admin}` },
          body: () => ({ text }),
        },
      ],
      connections: 1,
      seconds: 10,
    });
  }
  return scenarios;
}
