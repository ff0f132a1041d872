import { describe, expect, it } from 'vitest';
import { runFresh } from '../../test/fresh-process.ts';
import { keepTickObjectShape, keptTickObject } from './tick-shape.ts';

/**
 * In a fresh Node process with `gc` and V8's debugging functions: queues callbacks with
 * `process.nextTick` (a plain arrow, one with an argument, a bound function, an async arrow), runs a full
 * collection while the tick queue is empty, eight times over, as a server's timers and index
 * builds do between answers; then prints the feedback V8 keeps for `nextTick` and answers the
 * states of its property-definition slots (the tick object's four keys), and whether the kept
 * object's hidden class is one V8 has since replaced (then it keeps nothing alive that nextTick uses).
 */
function tickLiteralFeedback(keep: boolean): { slots: string[]; keptClassReplaced: boolean } {
  const script = `
    import { keepTickObjectShape, keptTickObject } from './src/lib/tick-shape.ts';
    if (${keep}) keepTickObjectShape();
    const debugPrint = new Function('value', '%DebugPrint(value)');
    for (let round = 0; round < 8; round++) {
      await new Promise((resolve) => {
        for (let i = 0; i < 200; i++) {
          process.nextTick(() => {});
          process.nextTick((n) => n, i);
          process.nextTick(function () {}.bind(null));
          process.nextTick(async () => {});
        }
        setTimeout(resolve, 0);
      });
      gc();
    }
    debugPrint(process.nextTick);
    if (${keep}) debugPrint(keptTickObject());
  `;
  const printed = runFresh(script, ['--expose-gc', '--allow-natives-syntax']);
  return {
    slots: [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!),
    keptClassReplaced: printed.includes('deprecated_map'),
  };
}

describe('keepTickObjectShape', () => {
  it('keeps nextTick monomorphic across full collections, which otherwise leave it megamorphic', () => {
    // Without it, this Node makes new hidden classes for the tick object after each collection;
    // if this expectation ever fails, Node no longer does, and tick-shape.ts can go.
    const without = tickLiteralFeedback(false).slots;
    expect(without).toHaveLength(4);
    expect(without).toContain('MEGAMORPHIC');

    const kept = tickLiteralFeedback(true);
    expect(kept.slots).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
    expect(kept.keptClassReplaced).toBe(false);
  });

  it('keeps one object, made on the first call; later calls keep the same one', () => {
    keepTickObjectShape();
    const first = keptTickObject();
    expect(first).not.toBeNull();
    expect(Object.getOwnPropertySymbols(first).map((symbol) => symbol.description)).toEqual([
      'async_id_symbol',
      'trigger_async_id_symbol',
    ]);
    keepTickObjectShape();
    expect(keptTickObject()).toBe(first);
  });
});
