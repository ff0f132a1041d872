import { createRequire } from 'node:module';
import { addressLine, SITE } from '@catalogue/shared/domain/site';
import { onFirstUse } from './on-first-use.ts';

/** pdfkit (and its font engine) loaded on the first PDF, not in every process at start. */
const loadPdfKit = onFirstUse(() => import('pdfkit').then((m) => m.default));

/** Noto Sans Devanagari from @fontsource: a WOFF font the PDF embeds (subset) for Hindi text. */
const DEVANAGARI_FONT = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
);

/** A4 in points, with its margin. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
/** The letterhead's height at the top of every page, and the footer's at the bottom. */
export const HEADER = 92;
export const FOOTER = 28;

const DEVANAGARI = /[\u0900-\u097f]/;
/** Splits a text into Devanagari runs (with the spaces inside them) and the rest. */
const DEVANAGARI_RUN = /([\u0900-\u097f][\u0900-\u097f ]*[\u0900-\u097f]|[\u0900-\u097f])/;

export type WriteOptions = PDFKit.Mixins.TextOptions & { size: number; bold?: boolean };

/**
 * An A4 PDF of the business's (line sheets, quotes): the document, `write` for text in any of
 * the site's languages, the letterhead and the page footer every page carries, and `finish`,
 * which ends the document and gives its bytes. Text is real text (searchable, extractable); Hindi
 * is set in Noto Sans Devanagari, shaped by the font engine (conjuncts, vowel signs in their places).
 */
export async function startPdf(options: { title: string; bufferPages?: boolean }) {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: SITE.name, Creator: SITE.name },
  });
  doc.registerFont('deva', DEVANAGARI_FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /**
   * Writes `text` in the fonts its scripts need: Devanagari runs in Noto Sans Devanagari (whose
   * subset has no digits or punctuation), the rest in Helvetica, one run after the other. One
   * line unless `lineBreak: true` is given (with a `width` to wrap in).
   */
  const write = (text: string, x: number, y: number, given: WriteOptions) => {
    // An ellipsis shortens the text to one line of its width (pdfkit cuts at the box's height).
    const options =
      given.ellipsis && given.height === undefined && given.lineBreak !== true
        ? { ...given, height: given.size * 1.25 }
        : given;
    const latin = options.bold ? 'Helvetica-Bold' : 'Helvetica';
    const runs = text.split(DEVANAGARI_RUN).filter(Boolean);
    if (runs.length <= 1) {
      doc
        .font(DEVANAGARI.test(text) ? 'deva' : latin)
        .fontSize(options.size)
        .text(text, x, y, { lineBreak: false, ...options });
      return;
    }
    const { width, ellipsis: _ellipsis, align, ...rest } = options;
    const wraps = options.lineBreak === true;
    const fontOf = (run: string) => (DEVANAGARI.test(run) ? 'deva' : latin);
    // Runs written one after the other cannot be aligned by pdfkit: measured and placed here.
    let start = x;
    if (!wraps && width !== undefined && (align === 'right' || align === 'center')) {
      const used = runs.reduce(
        (sum, run) => sum + doc.font(fontOf(run)).fontSize(options.size).widthOfString(run),
        0,
      );
      const slack = Math.max(0, width - used);
      start = x + (align === 'right' ? slack : slack / 2);
    }
    runs.forEach((run, index) => {
      doc.font(fontOf(run)).fontSize(options.size);
      const continued = index < runs.length - 1;
      if (index === 0)
        doc.text(run, start, y, {
          lineBreak: false,
          ...(wraps ? options : rest),
          continued,
        });
      else doc.text(run, { lineBreak: wraps, continued });
    });
  };

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  /** The business's name, address and contacts, the document's title and a note on its right. */
  const letterhead = (title: string, aside: string) => {
    doc.fillColor('#5b3a1a');
    write(SITE.name, left, PAGE.margin, { size: 16, bold: true });
    doc.fillColor('#444444');
    write(addressLine(SITE.addresses.office), left, PAGE.margin + 20, { size: 8 });
    write(`${SITE.phones.main.display} · ${SITE.email}`, left, PAGE.margin + 31, { size: 8 });
    doc.fillColor('#000000');
    write(title, left, PAGE.margin + 50, { size: 13, width: right - left - 130, ellipsis: true });
    write(aside, right - 130, PAGE.margin + 52, { size: 9, width: 130, align: 'right' });
    rule(PAGE.margin + HEADER - 12);
  };

  /** A thin gold line across the page at `y`. */
  const rule = (y: number) =>
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#c9a86a').lineWidth(1).stroke();

  /** "Page n of N" at the foot of the current page. */
  const footer = (text: string) => {
    doc.fillColor('#666666');
    write(text, left, PAGE.height - PAGE.margin - 10, { size: 8, width: right - left, align: 'center' });
    doc.fillColor('#000000');
  };

  const addPage = () => doc.addPage({ size: 'A4', margin: PAGE.margin });

  /** Ends the document; with `bufferPages`, `footers(page, pages)` is written on each page first. */
  const finish = (footers?: (page: number, pages: number) => string): Promise<Buffer> => {
    if (footers) {
      const { start, count } = doc.bufferedPageRange();
      for (let i = start; i < start + count; i++) {
        doc.switchToPage(i);
        footer(footers(i - start + 1, count));
      }
    }
    doc.end();
    return done;
  };

  return { doc, write, letterhead, rule, footer, addPage, finish, left, right };
}
