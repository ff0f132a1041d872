// `npm run mutate [-- group ...] [-- --force]`: Stryker over the rule modules, one group at a time
// (scripts/mutation-groups.mjs), then a table of each group's mutation score and run time.
// `--force` ignores the incremental results and tests every mutant again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MUTATION_GROUPS } from './mutation-groups.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const asked = args.filter((a) => !a.startsWith('--'));
const unknown = asked.filter((name) => !(name in MUTATION_GROUPS));
if (unknown.length) {
  console.error(
    `unknown group(s): ${unknown.join(', ')}; groups: ${Object.keys(MUTATION_GROUPS).join(', ')}`,
  );
  process.exit(2);
}
const groups = asked.length ? asked : Object.keys(MUTATION_GROUPS);
const root = path.resolve(import.meta.dirname, '..');

/** Killed and timed-out mutants count as detected; survivors and uncovered ones do not. */
function scoreOf(reportFile) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  let detected = 0;
  let total = 0;
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      if (mutant.status === 'Ignored' || mutant.status === 'CompileError') continue;
      total += 1;
      if (mutant.status === 'Killed' || mutant.status === 'Timeout') detected += 1;
      else survivors.push(`${file}:${mutant.location.start.line} ${mutant.mutatorName} (${mutant.status})`);
    }
  }
  return { detected, total, survivors };
}

const rows = [];
let failed = false;
for (const name of groups) {
  const started = Date.now();
  const result = spawnSync('npx', ['stryker', 'run', ...(force ? ['--force'] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATE_GROUP: name },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) {
    failed = true;
    rows.push({ name, score: 'failed', seconds, survivors: [] });
    continue;
  }
  const { detected, total, survivors } = scoreOf(path.join(root, 'reports/mutation', `${name}.json`));
  const score = total ? `${((100 * detected) / total).toFixed(1)}% (${detected}/${total})` : 'no mutants';
  rows.push({ name, score, seconds, survivors });
}

console.log('\nmutation score per group');
for (const { name, score, seconds } of rows)
  console.log(`  ${name.padEnd(16)} ${score.padEnd(22)} ${seconds} s`);
for (const { name, survivors } of rows.filter((r) => r.survivors.length)) {
  console.log(`\nsurvivors of ${name}:`);
  for (const line of survivors) console.log(`  ${line}`);
}
process.exit(failed ? 1 : 0);
