import { SITE } from '@catalogue/shared/domain/site';

/** The eight questions, in order; texts live in the `home` namespace under faq.items. */
export const FAQ_KEYS = [
  'product',
  'customization',
  'materials',
  'wholesale',
  'showroom',
  'plating',
  'contact',
  'sustainability',
] as const;
export type FaqKey = (typeof FAQ_KEYS)[number];

/** Values put into the answers (the contact answer names the e-mail and phone). */
export const FAQ_VALUES = { email: SITE.email, phone: SITE.phones.main.display };

type RawItems = Partial<Record<FaqKey, { q?: string; a?: string }>>;

/** Question and answer texts from the raw `home` texts (for JSON-LD, built outside React). */
export function faqEntries(homeTexts: unknown): { question: string; answer: string }[] {
  const items = ((homeTexts as { faq?: { items?: RawItems } } | undefined)?.faq?.items ?? {}) as RawItems;
  return FAQ_KEYS.flatMap((key) => {
    const item = items[key];
    if (!item?.q || !item.a) return [];
    const answer = item.a.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      name in FAQ_VALUES ? FAQ_VALUES[name as keyof typeof FAQ_VALUES] : '',
    );
    return [{ question: item.q, answer }];
  });
}

/** Case-insensitive match of a search text against a question or its answer. */
export function matchesFaq(text: string, item: { question: string; answer: string }): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return `${item.question} ${item.answer}`.toLowerCase().includes(needle);
}
