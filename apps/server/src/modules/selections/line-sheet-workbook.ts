import { addressLine, SITE } from '@catalogue/shared/domain/site';
import {
  columnName,
  xlsxWorkbook,
  type Cell,
  type CellStyle,
  type Picture,
  type Row,
} from '../../lib/xlsx.ts';
import { LINE_SHEET_LABELS, valuesOf, type LineSheetInput } from './line-sheet.ts';

/** Pixels of a row's picture, and the row's height in points (a point is 4/3 of a pixel). */
const PICTURE_PX = 72;
const ROW_HEIGHT_PT = 60;
const PICTURE_INSET_PX = { dx: 6, dy: 4 };
/** Pictures read at once: enough to keep the encoder busy, never all. */
const AT_ONCE = 6;

const BRAND = 'FF7A4B12';
const WHITE = 'FFFFFFFF';
const BORDER = 'FFBFBFBF';
const headerStyle: CellStyle = {
  bold: true,
  color: WHITE,
  fill: BRAND,
  horizontal: 'center',
  vertical: 'middle',
  border: BORDER,
  wrap: true,
};
const cellStyle = (horizontal: 'left' | 'right' = 'left'): CellStyle => ({
  border: BORDER,
  vertical: 'middle',
  wrap: true,
  horizontal,
});

/**
 * A line sheet as a workbook (.xlsx): the business's name, address and contacts on top, the
 * sheet's title and its number of designs, then one row per design with its thumbnail embedded,
 * code, name, metal, finish, stone, approximate weight (g), minimum order (pieces) and, only when
 * the designs carry prices (the same rule as the PDF), the price. Written with lib/xlsx.ts, as
 * the quotation workbook is; pictures are read a few at a time.
 */
export async function makeLineSheetWorkbook(input: LineSheetInput, created: Date): Promise<Buffer> {
  const labels = LINE_SHEET_LABELS[input.language];
  const priced = input.designs.some((d) => d.price !== undefined);
  const header = [
    labels.picture,
    labels.code,
    labels.name,
    labels.metal,
    labels.finish,
    labels.stone,
    `${labels.weight} (${labels.grams})`,
    `${labels.minOrder} (${labels.pieces})`,
    ...(priced ? [labels.price] : []),
  ];
  const columns = [12, 14, 30, 14, 14, 14, 12, 12, ...(priced ? [12] : [])];
  const last = columns.length - 1;

  const pictures: (Buffer | null)[] = new Array<Buffer | null>(input.designs.length).fill(null);
  for (let from = 0; from < input.designs.length; from += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, input.designs.length - from) }, (_, k) => from + k);
    await Promise.all(
      batch.map(async (index) => {
        pictures[index] = await input.pictureOf(index).catch(() => null);
      }),
    );
  }

  const rows: Row[] = [];
  const merges: string[] = [];
  const placed: Picture[] = [];
  const banner = (value: string, style: CellStyle, height?: number) => {
    rows.push({ cells: [{ value, style }], ...(height ? { height } : {}) });
    merges.push(`A${rows.length}:${columnName(last)}${rows.length}`);
  };
  banner(SITE.name, { bold: true, size: 16, color: BRAND }, 24);
  banner(addressLine(SITE.addresses.office), { size: 10 });
  banner(`${SITE.phones.main.display} · ${SITE.email}`, { size: 10 });
  rows.push({ cells: [] });
  banner(`${input.title} · ${input.designs.length} ${labels.designs}`, { bold: true, size: 13 }, 20);
  rows.push({ cells: [] });
  rows.push({ cells: header.map((value) => ({ value, style: headerStyle })), height: 30 });

  input.designs.forEach((design, index) => {
    const cells: Cell[] = [
      { value: null, style: cellStyle() },
      { value: design.code, style: cellStyle() },
      { value: design.name, style: cellStyle() },
      { value: valuesOf(design.attributes.metal, input.language), style: cellStyle() },
      { value: valuesOf(design.attributes.finish, input.language), style: cellStyle() },
      { value: valuesOf(design.attributes.stone, input.language), style: cellStyle() },
      { value: design.weightGrams, style: cellStyle('right') },
      { value: design.minOrderQuantity, style: cellStyle('right') },
      ...(priced ? [{ value: design.price ?? null, style: cellStyle('right') }] : []),
    ];
    rows.push({ cells, height: ROW_HEIGHT_PT });
    const picture = pictures[index];
    if (picture)
      placed.push({
        image: picture,
        col: 0,
        row: rows.length - 1,
        ...PICTURE_INSET_PX,
        width: PICTURE_PX,
        height: PICTURE_PX,
      });
  });

  return xlsxWorkbook(
    {
      name: input.language === 'hi' ? 'लाइन शीट' : 'Line sheet',
      columns,
      rows,
      merges,
      pictures: placed,
      fitToPageWidth: true,
    },
    { creator: SITE.name, created },
  );
}
