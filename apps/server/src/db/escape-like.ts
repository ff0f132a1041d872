/** Escapes `\`, `%` and `_` so user text is matched literally by ILIKE (backslash is its escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
