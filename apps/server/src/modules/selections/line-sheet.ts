import { createRequire } from 'node:module';
import { addressLine, SITE } from '@catalogue/shared/domain/site';
import type { ProductAttributes } from '@catalogue/shared/schemas/attributes';
import { onFirstUse } from '../../lib/on-first-use.ts';

/** pdfkit (and its font engine) loaded on the first line sheet, not in every process at start. */
const loadPdfKit = onFirstUse(() => import('pdfkit').then((m) => m.default));

/** Noto Sans Devanagari from @fontsource: a WOFF font the PDF embeds (subset) for Hindi text. */
const DEVANAGARI_FONT = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
);

export type LineSheetDesign = {
  code: string;
  name: string;
  attributes: ProductAttributes;
  weightGrams: number | null;
  minOrderQuantity: number | null;
  /** Present only where prices are allowed. */
  price?: number;
};

export type LineSheetInput = {
  title: string;
  language: 'en' | 'hi';
  designs: readonly LineSheetDesign[];
  /** The picture of design `index` (a JPEG thumbnail), asked for a few at a time; null when none. */
  pictureOf: (index: number) => Promise<Buffer | null>;
};

const LABELS = {
  en: {
    code: 'Code',
    metal: 'Metal',
    finish: 'Finish',
    stone: 'Stone',
    weight: 'Approx. weight',
    grams: 'g',
    minOrder: 'Min. order',
    pieces: 'pcs',
    price: 'Price',
    page: 'Page',
    of: 'of',
    designs: 'designs',
  },
  hi: {
    code: 'कोड',
    metal: 'धातु',
    finish: 'फ़िनिश',
    stone: 'पत्थर',
    weight: 'अनुमानित वज़न',
    grams: 'ग्राम',
    minOrder: 'न्यूनतम ऑर्डर',
    pieces: 'नग',
    price: 'कीमत',
    page: 'पृष्ठ',
    of: '/',
    designs: 'डिज़ाइन',
  },
} as const;

// A4 in points, and the grid: 3 columns × 4 rows of designs per page.
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const COLUMNS = 3;
const ROWS = 4;
const PER_PAGE = COLUMNS * ROWS;
const HEADER = 92;
const FOOTER = 28;
const CELL_W = (PAGE.width - PAGE.margin * 2) / COLUMNS;
const CELL_H = (PAGE.height - PAGE.margin * 2 - HEADER - FOOTER) / ROWS;
const PICTURE = 96;
/** Pictures asked for ahead of the one being drawn: enough to keep the encoder busy, never all. */
const AHEAD = 6;

const DEVANAGARI = /[\u0900-\u097f]/;
/** Splits a text into Devanagari runs (with the spaces inside them) and the rest. */
const DEVANAGARI_RUN = /([\u0900-\u097f][\u0900-\u097f ]*[\u0900-\u097f]|[\u0900-\u097f])/;

/**
 * A line sheet as a PDF: A4, the business's letterhead on every page, a grid of thumbnails with
 * code, name, metal, finish, stone, weight, minimum order and (where allowed) price, "Page n of N".
 * The layout is fixed, so the page count is known before the first page. Pictures are asked for
 * a few at a time and each is written into the file as soon as it is drawn, so at most a handful
 * are held at once. Text is real text (searchable, extractable); Hindi is set in Noto Sans
 * Devanagari, shaped by the font engine (conjuncts, vowel signs in their places).
 */
export async function makeLineSheetPdf(input: LineSheetInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const labels = LABELS[input.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: input.title, Author: SITE.name, Creator: SITE.name },
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
   * subset has no digits or punctuation), the rest in Helvetica, one run after the other.
   */
  const write = (
    text: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { size: number; bold?: boolean },
  ) => {
    const latin = options.bold ? 'Helvetica-Bold' : 'Helvetica';
    const runs = text.split(DEVANAGARI_RUN).filter(Boolean);
    if (runs.length <= 1) {
      doc
        .font(DEVANAGARI.test(text) ? 'deva' : latin)
        .fontSize(options.size)
        .text(text, x, y, { lineBreak: false, ...options });
      return;
    }
    const { width: _width, ellipsis: _ellipsis, ...rest } = options;
    runs.forEach((run, index) => {
      doc.font(DEVANAGARI.test(run) ? 'deva' : latin).fontSize(options.size);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run, x, y, { lineBreak: false, ...rest, continued });
      else doc.text(run, { lineBreak: false, continued });
    });
  };

  const pages = Math.max(1, Math.ceil(input.designs.length / PER_PAGE));
  const letterhead = (page: number) => {
    const left = PAGE.margin;
    const right = PAGE.width - PAGE.margin;
    doc.fillColor('#5b3a1a');
    write(SITE.name, left, PAGE.margin, { size: 16, bold: true });
    doc.fillColor('#444444');
    write(addressLine(SITE.addresses.office), left, PAGE.margin + 20, { size: 8 });
    write(`${SITE.phones.main.display} · ${SITE.email}`, left, PAGE.margin + 31, { size: 8 });
    doc.fillColor('#000000');
    write(input.title, left, PAGE.margin + 50, { size: 13, width: right - left - 90, ellipsis: true });
    write(`${input.designs.length} ${labels.designs}`, right - 90, PAGE.margin + 52, {
      size: 9,
      width: 90,
      align: 'right',
    });
    doc
      .moveTo(left, PAGE.margin + HEADER - 12)
      .lineTo(right, PAGE.margin + HEADER - 12)
      .strokeColor('#c9a86a')
      .lineWidth(1)
      .stroke();
    doc.fillColor('#666666');
    const footer = `${labels.page} ${page} ${labels.of} ${pages}`;
    write(footer, left, PAGE.height - PAGE.margin - 10, { size: 8, width: right - left, align: 'center' });
    doc.fillColor('#000000');
  };

  const pending = new Map<number, Promise<Buffer | null>>();
  const ask = (index: number) => {
    if (index < input.designs.length && !pending.has(index)) {
      pending.set(
        index,
        input.pictureOf(index).catch(() => null),
      );
    }
  };

  for (let index = 0; index < input.designs.length || index === 0; index++) {
    if (index % PER_PAGE === 0) {
      doc.addPage({ size: 'A4', margin: PAGE.margin });
      letterhead(index / PER_PAGE + 1);
    }
    const design = input.designs[index];
    if (!design) break;
    for (let k = index; k <= index + AHEAD; k++) ask(k);
    const picture = await pending.get(index)!;
    pending.delete(index);
    const slot = index % PER_PAGE;
    const x = PAGE.margin + (slot % COLUMNS) * CELL_W;
    const y = PAGE.margin + HEADER + Math.floor(slot / COLUMNS) * CELL_H;
    if (picture) {
      try {
        doc.image(picture, x + (CELL_W - PICTURE) / 2, y, {
          fit: [PICTURE, PICTURE],
          align: 'center',
          valign: 'center',
        });
      } catch {
        // A damaged picture leaves its box empty; the design's facts are still listed.
      }
    }
    doc
      .rect(x + (CELL_W - PICTURE) / 2, y, PICTURE, PICTURE)
      .strokeColor('#e5dccb')
      .lineWidth(0.5)
      .stroke();
    const width = CELL_W - 8;
    let line = y + PICTURE + 4;
    const next = (height: number) => {
      const at = line;
      line += height;
      return at;
    };
    write(design.code, x + 4, next(11), { size: 9, bold: true, width, ellipsis: true });
    write(design.name, x + 4, next(11), { size: 8, width, ellipsis: true });
    const facts: [string, string][] = [
      [labels.metal, valuesOf(design.attributes.metal, input.language)],
      [labels.finish, valuesOf(design.attributes.finish, input.language)],
      [labels.stone, valuesOf(design.attributes.stone, input.language)],
      [labels.weight, design.weightGrams === null ? '' : `${design.weightGrams} ${labels.grams}`],
      [
        labels.minOrder,
        design.minOrderQuantity === null ? '' : `${design.minOrderQuantity} ${labels.pieces}`,
      ],
      ...(design.price !== undefined ? ([[labels.price, String(design.price)]] as [string, string][]) : []),
    ];
    doc.fillColor('#333333');
    for (const [label, value] of facts) {
      if (!value) continue;
      const at = next(10);
      write(`${label}:`, x + 4, at, { size: 7, width: 62, ellipsis: true });
      write(value, x + 68, at, { size: 7, width: width - 64, ellipsis: true });
    }
    doc.fillColor('#000000');
  }
  doc.end();
  return done;
}

function valuesOf(values: readonly { label: string; labelHi: string }[], language: 'en' | 'hi'): string {
  return values.map((v) => (language === 'hi' && v.labelHi ? v.labelHi : v.label)).join(', ');
}
