import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerKey, isAnonymousRead, storedAnswerOf } from './stored-answers.ts';

const reply = (statusCode: number, headers: Record<string, string | number | string[]>) =>
  ({ statusCode, getHeaders: () => headers }) as unknown as FastifyReply;

describe('isAnonymousRead', () => {
  it('is a GET with no session, origin or validator', () => {
    expect(isAnonymousRead('GET', { 'accept-encoding': 'gzip', cookie: 'theme=dark; lang=hi' })).toBe(true);
    expect(isAnonymousRead('HEAD', {})).toBe(false);
    expect(isAnonymousRead('POST', {})).toBe(false);
    expect(isAnonymousRead('GET', { authorization: 'Bearer x' })).toBe(false);
    expect(isAnonymousRead('GET', { cookie: 'theme=dark; sid=abc' })).toBe(false);
    expect(isAnonymousRead('GET', { cookie: 'sid=abc' })).toBe(false);
    expect(isAnonymousRead('GET', { origin: 'https://shop.example' })).toBe(false);
    expect(isAnonymousRead('GET', { 'if-none-match': 'W/"a"' })).toBe(false);
  });
});

describe('answerKey', () => {
  it('names the encoding the reader gets and the address', () => {
    expect(answerKey('gzip, deflate, br', 'http://shop/api/x')).toBe('br http://shop/api/x');
    expect(answerKey('gzip', 'http://shop/api/x')).toBe('gzip http://shop/api/x');
    expect(answerKey('br;q=0, gzip', 'http://shop/api/x')).toBe('gzip http://shop/api/x');
    expect(answerKey(undefined, 'http://shop/api/x')).toBe('identity http://shop/api/x');
  });
});

describe('storedAnswerOf', () => {
  it('keeps every header but those the server writes, and sets the length of the body', () => {
    const stored = storedAnswerOf(
      reply(200, {
        'content-type': 'application/json',
        vary: ['Authorization', 'Accept-Encoding'],
        date: 'x',
        'content-length': 99,
      }),
      '{"a":1}',
    );
    expect(stored).toEqual({
      headers: [
        'content-type',
        'application/json',
        'vary',
        'Authorization, Accept-Encoding',
        'content-length',
        '7',
      ],
      body: Buffer.from('{"a":1}'),
    });
  });

  it('keeps nothing that is not a 200, sets a cookie or is a stream', () => {
    expect(storedAnswerOf(reply(304, {}), '')).toBeNull();
    expect(storedAnswerOf(reply(200, { 'set-cookie': 'a=b' }), '{}')).toBeNull();
    expect(storedAnswerOf(reply(200, {}), { pipe() {} })).toBeNull();
  });
});
