// `node --import tsx bench/markdown.ts docs/benchmarks/results/<date>.json`: the tables of docs/performance.md
// from one results file, so the figures quoted there are copied, not retyped.
import fs from 'node:fs';
import { ratioToNginx, sizeLabel, type BudgetRow } from './lib/budgets.ts';
import { pageBytesTable } from './lib/page-bytes.ts';
import { ceilingTable } from './lib/report.ts';
import type { RunData } from './lib/types.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: bench/markdown.ts <results.json>');
const data = JSON.parse(fs.readFileSync(file, 'utf8')) as RunData & {
  date: string;
  commit: string;
  machine: string;
  loadavg: { start: number[]; end: number[] };
  settings: { connections: number; rounds: number; seconds: number; warmupSeconds: number };
  budgets: BudgetRow[];
};

const table = (header: string[], rows: (string | number)[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const out: string[] = [];
out.push(
  `Run finished ${data.date.slice(0, 16).replace('T', ' ')} UTC (commit ${data.commit}) on ${data.machine}; load average ` +
    `${data.loadavg.start.join(' / ')} at start, ${data.loadavg.end.join(' / ')} at end. ${data.settings.connections} connections, ` +
    `${data.settings.rounds} rounds of ${data.settings.seconds} s after a ${data.settings.warmupSeconds} s warm-up, medians.`,
);
const keys = [...new Set(data.configs.flatMap((c) => c.scenarios.map((s) => s.key)))];
const names = new Map(data.configs.flatMap((c) => c.scenarios.map((s) => [s.key, s.name] as const)));
const labels = data.configs.map((c) => `${c.database} ${sizeLabel(c.products)}`);
out.push(
  '',
  table(
    ['scenario (req/s · p99 ms)', ...labels],
    [
      ...keys.map((key) => [
        names.get(key)!,
        ...data.configs.map((c) => {
          const s = c.scenarios.find((x) => x.key === key);
          return s
            ? `${s.rps} · ${s.p99}${s.errors + s.non2xx ? ` · ${s.errors + s.non2xx} errors` : ''}`
            : '-';
        }),
      ]),
      ...(
        [
          ['json', 'nginx static listing JSON'],
          ['home', 'nginx static home page'],
          ['category', 'nginx static category page'],
          ['html', 'nginx static product page'],
        ] as const
      )
        .filter(([kind]) => data.configs.some((c) => c.nginx?.[kind]))
        .map(([kind, name]) => [
          name,
          ...data.configs.map((c) => {
            const r = c.nginx?.[kind];
            return r ? `${r.rps} · ${r.p99}` : '-';
          }),
        ]),
      [
        'listing real / uniform, SSR home / category / product ÷ nginx',
        ...data.configs.map((c) =>
          [
            ratioToNginx(c, 'listing-real', 'json'),
            ratioToNginx(c, 'listing-uniform', 'json'),
            ratioToNginx(c, 'ssr-home', 'home'),
            ratioToNginx(c, 'ssr-category', 'category'),
            ratioToNginx(c, 'ssr-product', 'html'),
          ]
            .map((r) => (r === null ? '-' : r.toFixed(2)))
            .join(' / '),
        ),
      ],
      ['peak server RSS MB', ...data.configs.map((c) => Math.max(...c.scenarios.map((s) => s.rssMb ?? 0)))],
    ],
  ),
);
const ceiling = ceilingTable(data.configs);
if (ceiling.length)
  out.push(
    '',
    table(
      Object.keys(ceiling[0]!),
      ceiling.map((r) => Object.values(r)),
    ),
  );
const buyers = data.configs.find((c) => c.buyers)?.buyers;
if (buyers) {
  const cpu = buyers.cpu
    ? ` CPU per request: server ${buyers.cpu.serverMs} ms and PostgreSQL ${buyers.cpu.postgresMs} ms while the load ran, ` +
      `${buyers.cpu.serverMsWithMail} ms and ${buyers.cpu.postgresMsWithMail} ms once the mail it caused was sent ` +
      `(${buyers.mailDrainSeconds ?? '?'} s after the load).`
    : '';
  out.push(
    '',
    `Stress, ${buyers.name} in a closed loop with no pause, ${buyers.seconds} s: ${buyers.rps} req/s, p50 ${buyers.p50} ms, p99 ${buyers.p99} ms, ` +
      `${buyers.errors + buyers.non2xx} errors, ${buyers.acknowledged} price requests acknowledged, ${buyers.missing} missing afterwards.${cpu}`,
  );
  const paced = buyers.paced;
  if (paced) {
    out.push(
      '',
      `${paced.name}, ${paced.seconds} s (judged by the budget): ${paced.rps} req/s, p50 ${paced.p50} ms, p99 ${paced.p99} ms; ` +
        `adds and price requests p50 ${paced.writeP50} ms, p99 ${paced.writeP99} ms; ${paced.errors + paced.non2xx} errors, ` +
        `${paced.acknowledged} price requests acknowledged, ${paced.missing} missing afterwards.`,
    );
  }
}
if (data.lighthouse) {
  out.push(
    '',
    table(
      ['page', 'score', 'LCP ms', 'TBT ms', 'CLS', 'KB transferred', 'host CPU index'],
      data.lighthouse.map((p) => [
        p.page,
        p.score,
        p.lcpMs,
        p.tbtMs,
        p.cls,
        Math.round(p.totalBytes / 1024),
        p.benchmarkIndex ?? '-',
      ]),
    ),
  );
}
if (data.bundles) {
  out.push(
    '',
    table(
      ['page', 'first-load JS KB gzip', 'CSS KB gzip'],
      data.bundles.map((b) => [b.page, b.jsGzipKb, b.cssGzipKb]),
    ),
  );
}
if (data.pageBytes?.length) {
  const rows = pageBytesTable(data.pageBytes);
  out.push(
    '',
    table(
      Object.keys(rows[0]!),
      rows.map((r) => Object.values(r)),
    ),
  );
}
out.push(
  '',
  table(
    ['budget', 'at', 'actual', 'status'],
    data.budgets.map((b) => [`${b.budget} (${b.source})`, b.at, b.actual, b.status]),
  ),
);
console.log(out.join('\n'));
