import { describe, expect, it } from 'vitest';
import {
  addQuantitySchema,
  cartAddBodySchema,
  cartMergeBodySchema,
  cartQuantityBodySchema,
  setQuantitySchema,
} from './cart.ts';
import { IDEMPOTENCY_KEY_RE, orderLineInputSchema, submitOrderBodySchema } from './order.ts';

/** The first message of a refused value, or null when it is accepted. */
const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

const line = (quantity: unknown) => ({ productId: 'p-1', quantity });
const order = (orderDetails: unknown) => ({
  firstName: 'Asha',
  email: 'asha@example.com',
  contactNumber: '+91 98290 00000',
  country: 'IN',
  orderDetails,
});

describe('quantities on the enquiry list', () => {
  it('adds whole numbers from 1 to 10,000', () => {
    expect(addQuantitySchema.parse(1)).toBe(1);
    expect(addQuantitySchema.parse(10_000)).toBe(10_000);
    expect(refusal(addQuantitySchema.safeParse(10_001))).toBe('quantity must be at most 10000');
    expect(refusal(addQuantitySchema.safeParse(0))).toBe('quantity must be at least 1');
    expect(refusal(addQuantitySchema.safeParse(2.5))).toBe('quantity must be a whole number');
    expect(refusal(addQuantitySchema.safeParse('3'))).toBe('quantity must be a whole number');
  });

  it('sets any whole number up to 10,000, raising one below 1 to 1', () => {
    expect(setQuantitySchema.parse(0)).toBe(1);
    expect(setQuantitySchema.parse(-7)).toBe(1);
    expect(setQuantitySchema.parse(1)).toBe(1);
    expect(setQuantitySchema.parse(9_999)).toBe(9_999);
    expect(setQuantitySchema.parse(10_000)).toBe(10_000);
    expect(refusal(setQuantitySchema.safeParse(10_001))).toBe('quantity must be at most 10000');
    expect(refusal(setQuantitySchema.safeParse(1.5))).toBe('quantity must be a whole number');
    expect(refusal(setQuantitySchema.safeParse(null))).toBe('quantity must be a whole number');
  });

  it('names a missing buyer or product in an add or a change', () => {
    expect(refusal(cartAddBodySchema.safeParse({ productId: 'p' }))).toBe('userId is required');
    expect(refusal(cartAddBodySchema.safeParse({ userId: '', productId: 'p' }))).toBe('userId is required');
    expect(refusal(cartQuantityBodySchema.safeParse({ userId: 'u', quantity: 2 }))).toBe(
      'productId is required',
    );
    expect(refusal(cartAddBodySchema.safeParse({ userId: 'u', productId: '' }))).toBe(
      'productId is required',
    );
    expect(refusal(cartQuantityBodySchema.safeParse({ productId: 'p', quantity: 2 }))).toBe(
      'userId is required',
    );
    expect(refusal(cartMergeBodySchema.safeParse({ items: [] }))).toBe('userId is required');
    expect(cartAddBodySchema.parse({ userId: 'u', productId: 'p' })).toEqual({ userId: 'u', productId: 'p' });
    expect(cartQuantityBodySchema.parse({ userId: 'u', productId: 'p', quantity: 0 }).quantity).toBe(1);
  });

  it('merges up to 500 lines, naming the product by productId, _id or id, quantity 1 when none', () => {
    const merged = cartMergeBodySchema.parse({
      userId: 'u',
      items: [{ productId: 'a', quantity: 3 }, { _id: 'b' }, { id: 'c', quantity: 10_000 }],
    });
    expect(merged.items).toEqual([
      { productId: 'a', quantity: 3 },
      { productId: 'b', quantity: 1 },
      { productId: 'c', quantity: 10_000 },
    ]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ productId: `p${i}` }));
    expect(cartMergeBodySchema.safeParse({ userId: 'u', items: many(500) }).success).toBe(true);
    expect(refusal(cartMergeBodySchema.safeParse({ userId: 'u', items: many(501) }))).toBe(
      'items must have at most 500 lines',
    );
    const unnamed = cartMergeBodySchema.safeParse({ userId: 'u', items: [{ quantity: 2 }] });
    expect(unnamed.error!.issues).toMatchObject([
      { message: 'productId is required', path: ['items', 0, 'productId'] },
    ]);
    expect(refusal(cartMergeBodySchema.safeParse({ userId: 'u', items: [{ id: 'x', quantity: 0 }] }))).toBe(
      'quantity must be at least 1',
    );
    expect(refusal(cartMergeBodySchema.safeParse({ userId: 'u', items: 'x' }))).toBe('items must be a list');
  });
});

describe('quantities and lines of a price request', () => {
  it('takes whole quantities from 1 to 10,000 on each line', () => {
    expect(orderLineInputSchema.parse(line(1))).toEqual(line(1));
    expect(orderLineInputSchema.parse(line(10_000))).toEqual(line(10_000));
    expect(refusal(orderLineInputSchema.safeParse(line(0)))).toBe('quantity must be at least 1');
    expect(refusal(orderLineInputSchema.safeParse(line(10_001)))).toBe('quantity must be at most 10000');
    expect(refusal(orderLineInputSchema.safeParse(line(1.5)))).toBe('quantity must be a whole number');
    expect(refusal(orderLineInputSchema.safeParse(line('2')))).toBe('quantity must be a whole number');
    expect(refusal(orderLineInputSchema.safeParse({ quantity: 1 }))).toMatch(/^productId /);
  });

  it('takes 1 to 500 lines', () => {
    const lines = (n: number) => Array.from({ length: n }, () => line(1));
    expect(submitOrderBodySchema.safeParse(order(lines(1))).success).toBe(true);
    expect(submitOrderBodySchema.safeParse(order(lines(500))).success).toBe(true);
    expect(refusal(submitOrderBodySchema.safeParse(order(lines(501))))).toBe(
      'orderDetails must have at most 500 lines',
    );
    expect(refusal(submitOrderBodySchema.safeParse(order([])))).toBe(
      'orderDetails must list at least one product',
    );
    expect(refusal(submitOrderBodySchema.safeParse(order(undefined)))).toBe('orderDetails is required');
    expect(refusal(submitOrderBodySchema.safeParse(order('x')))).toBe('orderDetails must be a list');
  });

  it('takes an Idempotency-Key of 1 to 200 printable characters', () => {
    expect(IDEMPOTENCY_KEY_RE.test('a')).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('~'.repeat(200))).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('x'.repeat(201))).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('a b')).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test('é')).toBe(false);
  });
});
