// Preloaded into the bench's server (`--import`) when BENCH_MEMORY_LOG names a file: every 250 ms
// each thread (the main one and the quotation worker) appends one JSON line saying where its
// memory is: V8's heap and its spaces, memory outside it (Buffers, native objects), and the
// process's resident memory split into anonymous (heap, malloc) and file-backed (code) pages.
import fs from 'node:fs';
import v8 from 'node:v8';
import { threadId } from 'node:worker_threads';

const file = process.env.MEMORY_PROBE_FILE;
const MB = 2 ** 20;
const kb = (text, key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);

function sample() {
  const m = process.memoryUsage();
  const smaps = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, +(s.space_size / MB).toFixed(1)]),
  );
  const line = {
    t: Date.now(),
    thread: threadId,
    rssMb: +(m.rss / MB).toFixed(1),
    heapTotalMb: +(m.heapTotal / MB).toFixed(1),
    heapUsedMb: +(m.heapUsed / MB).toFixed(1),
    externalMb: +(m.external / MB).toFixed(1),
    arrayBuffersMb: +(m.arrayBuffers / MB).toFixed(1),
    anonymousMb: +(kb(smaps, 'Anonymous') / 1024).toFixed(1),
    fileBackedMb: +((kb(smaps, 'Rss') - kb(smaps, 'Anonymous')) / 1024).toFixed(1),
    spaces,
  };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

if (file) setInterval(sample, 250).unref();
