import { describe, expect, it } from 'vitest';
import { JsonAnswer } from '../../lib/http-cache.ts';
import { createListAnswers } from './list-answers.ts';

const answer = (json: string) => new JsonAnswer(() => json);

describe('kept list answers', () => {
  it('answers a kept page until its instant, and not from that instant on', () => {
    let clock = 1_000;
    const answers = createListAnswers({ now: () => clock, maxAgeMs: 60_000 });
    answers.keep('page 1', answers.generation, answer('{"a":1}'), 5_000);
    expect(answers.get('page 1')?.json).toBe('{"a":1}');
    clock = 4_999;
    expect(answers.get('page 1')?.json).toBe('{"a":1}');
    clock = 5_000;
    expect(answers.get('page 1')).toBeUndefined();
    expect(answers.get('page 2')).toBeUndefined();
  });

  it('never keeps an answer longer than its maximum age', () => {
    let clock = 0;
    const answers = createListAnswers({ now: () => clock, maxAgeMs: 10_000 });
    answers.keep('page 1', answers.generation, answer('{}'), Number.POSITIVE_INFINITY);
    clock = 9_999;
    expect(answers.get('page 1')?.json).toBe('{}');
    clock = 10_000;
    expect(answers.get('page 1')).toBeUndefined();
  });

  it('does not keep an answer whose instant has passed already', () => {
    const answers = createListAnswers({ now: () => 7_000 });
    answers.keep('page 1', answers.generation, answer('{}'), 7_000);
    expect(answers.get('page 1')).toBeUndefined();
    expect(answers.size).toBe(0);
  });

  it('drops everything on a write, and does not keep an answer read before it', () => {
    const answers = createListAnswers({ now: () => 0 });
    answers.keep('page 1', answers.generation, answer('{"v":1}'), 1_000);
    const readBeforeWrite = answers.generation;
    answers.clear();
    expect(answers.get('page 1')).toBeUndefined();
    answers.keep('page 2', readBeforeWrite, answer('{"v":1}'), 1_000);
    expect(answers.get('page 2')).toBeUndefined();
    answers.keep('page 2', answers.generation, answer('{"v":2}'), 1_000);
    expect(answers.get('page 2')?.json).toBe('{"v":2}');
  });
});
