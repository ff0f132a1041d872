/**
 * `base` with `fields` added or replaced, as a new object: `{ ...base, ...fields }`. New code
 * writes the spread itself; the callers that still use this name get exactly that.
 */
export function withFields<T extends object, U extends object>(base: T, fields: U): T & U {
  return { ...base, ...fields };
}
