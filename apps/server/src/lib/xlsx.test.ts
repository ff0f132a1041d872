import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxWorkbook, xmlText, type Sheet } from './xlsx.ts';

const created = new Date('2026-03-04T05:06:07Z');

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return { workbook, sheet: workbook.worksheets[0]! };
}

describe('columnName', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 6, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'G',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('xmlText', () => {
  it('escapes markup and drops what XML cannot carry, keeping other characters', () => {
    expect(xmlText('a & <b> "c"\u0001\u0008\t\n\ud800 हार 💍')).toBe(
      'a &amp; &lt;b&gt; &quot;c&quot;\t\n हार 💍',
    );
  });
});

describe('xlsxWorkbook', () => {
  it('writes values, formulas with results, styles, merges, widths, heights and a picture that readers open', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#7a4b12' } })
      .png()
      .toBuffer();
    const spec: Sheet = {
      name: 'Price & Quote',
      columns: [16, 12],
      rows: [
        { cells: [{ value: 'Title <&>', style: { bold: true, size: 16, color: 'FF7A4B12' } }], height: 24 },
        { cells: [] },
        {
          cells: [
            { value: '=HYPERLINK("http://evil.example","x")' },
            { value: 12.5, style: { isMoney: true, border: 'FFBFBFBF', horizontal: 'right' } },
          ],
        },
        {
          cells: [
            {
              value: 'Total',
              style: { fill: 'FF7A4B12', color: 'FFFFFFFF', wrap: true, vertical: 'middle' },
            },
            { value: { formula: 'B3*2', result: 25 }, style: { isMoney: true } },
          ],
          height: 72,
        },
        { cells: [{ value: Number.NaN }, { value: null, style: { border: 'FFBFBFBF' } }] },
      ],
      merges: ['A1:B1'],
      pictures: [{ image: png, col: 1, row: 3, dx: 9, dy: 4, width: 90, height: 90 }],
      fitToPageWidth: true,
    };
    const bytes = xlsxWorkbook(spec, { creator: 'Test House', created });
    const { workbook, sheet } = await sheetOf(bytes);
    expect(sheet.name).toBe('Price & Quote');
    expect(workbook.creator).toBe('Test House');
    expect(workbook.created?.toISOString()).toBe(created.toISOString());
    expect(sheet.getCell('A1').value).toBe('Title <&>');
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 16, color: { argb: 'FF7A4B12' } });
    expect(sheet.getCell('A1').isMerged && sheet.getCell('B1').isMerged).toBe(true);
    expect(sheet.getRow(1).height).toBe(24);
    expect(sheet.getColumn(1).width).toBe(16);
    // Text that looks like a formula is stored as text.
    expect(sheet.getCell('A3').value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(sheet.getCell('B3').value).toBe(12.5);
    expect(sheet.getCell('B3').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B3').border?.left?.style).toBe('thin');
    expect(sheet.getCell('B3').alignment).toMatchObject({ horizontal: 'right' });
    expect(sheet.getCell('B4').value).toEqual({ formula: 'B3*2', result: 25 });
    expect((sheet.getCell('A4').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF7A4B12');
    expect(sheet.getCell('A4').alignment).toMatchObject({ wrapText: true, vertical: 'middle' });
    expect(sheet.getCell('A5').value).toBeNull();
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'portrait', fitToPage: true });
    const [image] = sheet.getImages();
    expect(image?.range.tl.nativeCol).toBe(1);
    expect(image?.range.tl.nativeRow).toBe(3);
    expect((workbook.model.media as unknown as { buffer: Buffer }[])[0]!.buffer.equals(png)).toBe(true);

    // A second reader agrees.
    const book = XLSX.read(bytes);
    const other = book.Sheets['Price & Quote']!;
    expect(other['B4']).toMatchObject({ f: 'B3*2', v: 25 });
    expect(other['!merges']).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 1 } }]);
  });

  it('embeds a picture used twice once, and gives the same bytes for the same sheet', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const at = (row: number) => ({ image: png, col: 0, row, dx: 0, dy: 0, width: 10, height: 10 });
    const spec: Sheet = {
      name: 'S',
      columns: [],
      rows: [{ cells: [{ value: 'a' }] }, { cells: [{ value: 'b' }] }],
      merges: [],
      pictures: [at(0), at(1)],
      fitToPageWidth: false,
    };
    const bytes = xlsxWorkbook(spec, { creator: 'x', created });
    expect(bytes.equals(xlsxWorkbook(spec, { creator: 'x', created }))).toBe(true);
    const { workbook, sheet } = await sheetOf(bytes);
    expect(sheet.getImages()).toHaveLength(2);
    expect(workbook.model.media).toHaveLength(1);
  });
  it('embeds a JPEG as a JPEG, beside a PNG', async () => {
    const jpeg = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer();
    const bytes = xlsxWorkbook(
      {
        name: 'S',
        columns: [],
        rows: [{ cells: [{ value: 'a' }] }, { cells: [{ value: 'b' }] }],
        merges: [],
        pictures: [
          { image: jpeg, col: 0, row: 0, dx: 0, dy: 0, width: 6, height: 6 },
          { image: png, col: 0, row: 1, dx: 0, dy: 0, width: 6, height: 6 },
        ],
        fitToPageWidth: false,
      },
      { creator: 'x', created },
    );
    const { workbook, sheet } = await sheetOf(bytes);
    expect(sheet.getImages()).toHaveLength(2);
    const media = workbook.model.media as unknown as { extension: string; buffer: Buffer }[];
    expect(media.map((m) => m.extension)).toEqual(['jpeg', 'png']);
    expect(media[0]!.buffer.equals(jpeg)).toBe(true);
  });
});
