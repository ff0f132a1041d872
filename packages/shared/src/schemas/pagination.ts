import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../domain/limits.ts';

/** A positive integer from a query string, or `fallback` for anything else (spec: garbage → default). */
const lenientPositiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .unknown()
    .optional()
    .transform((value): number => {
      const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
      return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
    });

export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: lenientPositiveInt(1),
    limit: lenientPositiveInt(defaultLimit, MAX_PAGE_LIMIT),
  });

export type PageRequest = { page: number; limit: number };

export type Paged<T> = { items: T[]; totalItems: number };

export function totalPagesOf(totalItems: number, limit: number): number {
  return Math.max(1, Math.ceil(totalItems / limit));
}
