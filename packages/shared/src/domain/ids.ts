/** IDs are opaque strings; today they are UUIDs. Anything else is simply "not found". */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
