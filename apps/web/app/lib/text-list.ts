import type { TFunction } from '~/lib/i18n';

/**
 * A list of texts (an array in the resources), or an empty list when the key is missing, so a
 * text file out of step with the code shows less rather than breaking the page.
 */
export function textList(t: TFunction, key: string, values: Record<string, unknown> = {}): string[] {
  const value: unknown = t(key, { ...values, returnObjects: true });
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Like textList, for a list of objects (for example the banner's slides). */
export function objectList<T extends object>(t: TFunction, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter((v): v is T => !!v && typeof v === 'object') : [];
}
