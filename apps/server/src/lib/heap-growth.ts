import v8 from 'node:v8';

/**
 * After each full garbage collection V8 lets the old generation grow to up to 4× what survived
 * before it collects again (its "heap growing factor", chosen from how fast collection is compared
 * with allocation). Under server-rendering load ~80 MB of live objects became 270-460 MB of heap.
 * `--heap-growing-percent=p` fixes the factor at 1 + p/100. V8 reads the flag at every collection,
 * so it can be set here, at start, whatever started the process. 0 leaves V8's own policy.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
