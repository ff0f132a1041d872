/**
 * The codes of a paste: one a line, or separated by commas, semicolons, tabs or spaces (a
 * spreadsheet column, a WhatsApp message). Each code once, in the order first pasted; the case is
 * the server's business (codes are matched without it).
 */
export function splitCodes(text: string): string[] {
  const seen = new Set<string>();
  const codes: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const code = part.trim();
    const key = code.toLowerCase();
    if (!code || seen.has(key)) continue;
    seen.add(key);
    codes.push(code);
  }
  return codes;
}
