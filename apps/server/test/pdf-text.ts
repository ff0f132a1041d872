import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** pdftotext from Debian's poppler-utils; PDF text tests are skipped, saying why, without it. */
export const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

let made = 0;

/** The text of a PDF as pdftotext reads it, laid out as on the page. */
export function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `pdf-text-${process.pid}-${Date.now()}-${made++}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The PDF's text with the layout's runs of spaces as one, so a label reads beside its value. */
export const pdfWords = (pdf: Buffer): string => pdfText(pdf).replace(/[ \t]+/g, ' ');
