import { z } from 'zod';
import { productPageSchema } from './product.ts';

/** Synonym rules: the browser's form and the server check the same ones. */
export const SYNONYM_TERM_MAX = 40;
export const SYNONYM_MEANING_MAX = 80;

export const SYNONYM_MESSAGES = {
  termRequired: 'term is required',
  termTooLong: `term must be at most ${SYNONYM_TERM_MAX} characters`,
  meaningRequired: 'meaning is required',
  meaningTooLong: `meaning must be at most ${SYNONYM_MEANING_MAX} characters`,
  controlCharacters: 'must not contain control characters',
  termTaken: 'this term already has a synonym',
  notFound: 'Synonym not found',
} as const;

/** Lower-cased, trimmed, inner runs of spaces made one: how a term and a meaning are stored. */
export function normaliseSynonymText(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

export type SynonymFields = { term: string; meaning: string };
export type SynonymIssue = { path: 'term' | 'meaning'; message: string };

/** Checks and normalises a synonym form; characters are counted as the visitor sees them. */
export function checkSynonymFields(
  input: unknown,
): { ok: true; value: SynonymFields } | { ok: false; issues: SynonymIssue[] } {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const issues: SynonymIssue[] = [];
  const field = (path: 'term' | 'meaning', max: number, required: string, tooLong: string) => {
    const value = typeof raw[path] === 'string' ? normaliseSynonymText(raw[path]) : '';
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (/[\u0000-\u001f\u007f]/.test(value))
      issues.push({ path, message: `${path} ${SYNONYM_MESSAGES.controlCharacters}` });
    else if (!value) issues.push({ path, message: required });
    else if ([...value].length > max) issues.push({ path, message: tooLong });
    return value;
  };
  const term = field('term', SYNONYM_TERM_MAX, SYNONYM_MESSAGES.termRequired, SYNONYM_MESSAGES.termTooLong);
  const meaning = field(
    'meaning',
    SYNONYM_MEANING_MAX,
    SYNONYM_MESSAGES.meaningRequired,
    SYNONYM_MESSAGES.meaningTooLong,
  );
  return issues.length ? { ok: false, issues } : { ok: true, value: { term, meaning } };
}

export const synonymSchema = z.object({
  id: z.string(),
  term: z.string(),
  meaning: z.string(),
  createdAt: z.string(),
});
export type Synonym = z.infer<typeof synonymSchema>;

export const synonymListSchema = z.object({ synonyms: z.array(synonymSchema) });
export const synonymSavedSchema = z.object({ message: z.string(), synonym: synonymSchema });

/**
 * How the search read the query beyond its literal text: `corrected` is the query with each
 * misspelt word replaced by the closest catalogue word (null when no word was corrected), and
 * `synonyms` lists each synonym used with what it means.
 */
export const searchInterpretationSchema = z.object({
  corrected: z.string().nullable(),
  synonyms: z.array(z.object({ term: z.string(), meaning: z.string() })),
});
export type SearchInterpretation = z.infer<typeof searchInterpretationSchema>;

/** One page of the search results page: a listing page, with the query and how it was read. */
export const searchPageSchema = productPageSchema.extend({
  query: z.string(),
  /** How many of `totalItems` matched the text literally (name or code): these come first. */
  literalTotal: z.number().int(),
  interpretation: searchInterpretationSchema,
});
export type SearchPage = z.infer<typeof searchPageSchema>;
