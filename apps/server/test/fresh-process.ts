import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `script` (an ES module, run from apps/server, TypeScript imports allowed) in a fresh Node
 * process with `nodeArgs`; answers what it printed, trimmed. Its output goes through a file, not a
 * pipe: V8's own printing (`%DebugPrint`) uses C's buffered stdout, which a pipe can lose at exit.
 */
export function runFresh(script: string, nodeArgs: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-process-'));
  const file = path.join(dir, 'out.txt');
  const out = fs.openSync(file, 'w');
  try {
    execFileSync(process.execPath, [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['ignore', out, 'inherit'],
    });
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
