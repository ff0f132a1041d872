import type { ProductAttributes } from '@catalogue/shared/schemas/attributes';
import { FOOTER, HEADER, PAGE, startPdf } from '../../lib/pdf-sheet.ts';

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

/** The line sheet's words, in the PDF and the workbook alike. */
export const LINE_SHEET_LABELS = {
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
    name: 'Name',
    picture: 'Picture',
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
    name: 'नाम',
    picture: 'चित्र',
  },
} as const;

// The grid: 3 columns × 4 rows of designs per page.
const COLUMNS = 3;
const ROWS = 4;
const PER_PAGE = COLUMNS * ROWS;
const CELL_W = (PAGE.width - PAGE.margin * 2) / COLUMNS;
const CELL_H = (PAGE.height - PAGE.margin * 2 - HEADER - FOOTER) / ROWS;
const PICTURE = 96;
/** Pictures asked for ahead of the one being drawn: enough to keep the encoder busy, never all. */
const AHEAD = 6;

/**
 * A line sheet as a PDF: A4, the business's letterhead on every page, a grid of thumbnails with
 * code, name, metal, finish, stone, weight, minimum order and (where allowed) price, "Page n of N".
 * The layout is fixed, so the page count is known before the first page. Pictures are asked for
 * a few at a time and each is written into the file as soon as it is drawn, so at most a handful
 * are held at once. Text is real text (searchable, extractable); Hindi is set in Noto Sans
 * Devanagari, shaped by the font engine (conjuncts, vowel signs in their places).
 */
export async function makeLineSheetPdf(input: LineSheetInput): Promise<Buffer> {
  const labels = LINE_SHEET_LABELS[input.language];
  const pdf = await startPdf({ title: input.title });
  const { doc, write } = pdf;
  const pages = Math.max(1, Math.ceil(input.designs.length / PER_PAGE));
  const letterhead = (page: number) => {
    pdf.letterhead(input.title, `${input.designs.length} ${labels.designs}`);
    pdf.footer(`${labels.page} ${page} ${labels.of} ${pages}`);
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
      pdf.addPage();
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
    const facts = factsOf(design, input.language);
    doc.fillColor('#333333');
    for (const [label, value] of facts) {
      if (!value) continue;
      const at = next(10);
      write(`${label}:`, x + 4, at, { size: 7, width: 62, ellipsis: true });
      write(value, x + 68, at, { size: 7, width: width - 64, ellipsis: true });
    }
    doc.fillColor('#000000');
  }
  return pdf.finish();
}

/**
 * A design's facts as a line sheet lists them, label and value (metal, finish, stone, weight,
 * minimum order, and the price only where the design carries one); an unknown fact is ''.
 */
export function factsOf(design: LineSheetDesign, language: 'en' | 'hi'): [string, string][] {
  const labels = LINE_SHEET_LABELS[language];
  return [
    [labels.metal, valuesOf(design.attributes.metal, language)],
    [labels.finish, valuesOf(design.attributes.finish, language)],
    [labels.stone, valuesOf(design.attributes.stone, language)],
    [labels.weight, design.weightGrams === null ? '' : `${design.weightGrams} ${labels.grams}`],
    [labels.minOrder, design.minOrderQuantity === null ? '' : `${design.minOrderQuantity} ${labels.pieces}`],
    ...(design.price !== undefined ? ([[labels.price, String(design.price)]] as [string, string][]) : []),
  ];
}

export function valuesOf(
  values: readonly { label: string; labelHi: string }[],
  language: 'en' | 'hi',
): string {
  return values.map((v) => (language === 'hi' && v.labelHi ? v.labelHi : v.label)).join(', ');
}
