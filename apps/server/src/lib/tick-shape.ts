import { AsyncResource } from 'node:async_hooks';

let kept: object | null = null;

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process (ADR 011).
 *
 * Node's `nextTick` (node:internal/process/task_queues) makes each queued callback as an object
 * literal whose first two keys are computed, `{ [async_id_symbol], [trigger_async_id_symbol],
 * callback, args }`, so V8 builds its hidden class one property at a time and caches each step in
 * the function's feedback. Those hidden classes live only while such an object does. A full
 * collection that runs while the tick queue is empty (a timer's, or one after an index build)
 * frees them, and the next `nextTick` makes new ones; after a few collections the three feedback
 * slots have seen too many classes, go megamorphic and stay so: every `nextTick` then defines
 * three properties through V8's runtime. Node's HTTP server calls it about eight times per answer
 * (stream ends, socket writes, the response's close). In the server it was 11-13% of the CPU of
 * answering stored pages, against 1% in a process that had seen no full collection.
 *
 * One object of that exact shape, kept alive, keeps the hidden classes alive: the same literal
 * with the same keys in the same order, values of the same kinds, leads V8 to the same classes.
 * The keys are the process's own symbols, as every `AsyncResource` carries them. Called once, at
 * start, before the first full collection of the server's own making; calling it again does
 * nothing. If a later Node or V8 no longer builds the object this way, the kept object costs its
 * 56 bytes and changes nothing.
 */
export function keepTickObjectShape(): void {
  if (kept) return;
  const symbols = Object.getOwnPropertySymbols(new AsyncResource('tick-shape'));
  const asyncId = symbols.find((symbol) => symbol.description === 'async_id_symbol');
  const triggerAsyncId = symbols.find((symbol) => symbol.description === 'trigger_async_id_symbol');
  if (!asyncId || !triggerAsyncId) return;
  // Not 1: Node reads the ids from a Float64Array, so V8 soon stores them as doubles, and an object
  // made with small integers is left on classes V8 then replaces (and the feedback fills up anyway).
  kept = { [asyncId]: 0.5, [triggerAsyncId]: 0.5, callback: keepTickObjectShape, args: undefined };
}

/** The object kept by keepTickObjectShape (null before it runs): for its tests. */
export function keptTickObject(): object | null {
  return kept;
}
