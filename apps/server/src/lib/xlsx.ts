import { escapeXml } from './xml.ts';
import { zipArchive, type ZipEntry } from './zip.ts';

/**
 * A one-sheet Office Open XML workbook (.xlsx) written directly: text, numbers and formulas with
 * their results, fonts, fills, thin borders, alignment, the '#,##0.00' number format, merged cells,
 * column widths, row heights, PNG and JPEG pictures anchored to a cell, and the page setup. It is
 * what the quotation and the line sheets need and no more; ExcelJS did the same at ~30 MB resident and tens of milliseconds of
 * synchronous work per workbook (which is why it ran in a worker thread of its own).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellStyle = {
  bold?: boolean;
  /** Points; 11 by default. */
  size?: number;
  /** Text colour, ARGB hex ('FF7A4B12'). */
  color?: string;
  /** Solid background, ARGB hex. */
  fill?: string;
  /** A thin border on all four sides, ARGB hex. */
  border?: string;
  horizontal?: 'left' | 'center' | 'right';
  vertical?: 'top' | 'middle';
  wrap?: boolean;
  /** Two decimals with thousands separators. */
  isMoney?: boolean;
};

/** Text is always stored as text (a value starting with '=' is never a formula). */
export type CellValue = string | number | { formula: string; result: number } | null;
export type Cell = { value: CellValue; style?: CellStyle };
export type Row = { cells: Cell[]; height?: number };
/** A picture with its top left corner `dx`/`dy` pixels into the cell (`col`, `row` from 0). */
export type Picture = {
  /** PNG or JPEG bytes (told apart by their first bytes). */
  image: Buffer;
  col: number;
  row: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
};

export type Sheet = {
  name: string;
  /** Column widths in characters, from column A. */
  columns: number[];
  rows: Row[];
  /** Ranges like 'A1:G1'. */
  merges: string[];
  /** The same Buffer twice is embedded once. */
  pictures: Picture[];
  /** Printed on A4 portrait, as wide as one page. */
  fitToPageWidth: boolean;
};

export type WorkbookProperties = { creator: string; created: Date };

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** English Metric Units per pixel (at 96 dpi). */
const EMU_PER_PX = 9525;
/** Built-in number format 4: '#,##0.00'. */
const MONEY_FORMAT_ID = 4;
const A4 = 9;

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates) are dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `escapeXml` of `text` without what XML cannot carry. */
export function xmlText(text: string): string {
  return escapeXml(text.replace(NOT_XML, ''));
}

/** 'A' for 0, 'Z' for 25, 'AA' for 26. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const relationships = (items: { id: string; type: string; target: string }[]) =>
  `${DECLARATION}<Relationships xmlns="${PACKAGE_REL}">${items
    .map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${r.target}"/>`)
    .join('')}</Relationships>`;

/** Fonts, fills, borders and cell formats, each kept once; a style's index in `cellXfs`. */
class Styles {
  readonly #fonts = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  readonly #fills = [
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ];
  readonly #borders = ['<border><left/><right/><top/><bottom/><diagonal/></border>'];
  readonly #formats = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  readonly #index = new Map<string, number>([['{}', 0]]);

  static #find(list: string[], xml: string): number {
    const at = list.indexOf(xml);
    return at >= 0 ? at : list.push(xml) - 1;
  }

  of(style: CellStyle | undefined): number {
    const key = JSON.stringify(style ?? {});
    const known = this.#index.get(key);
    if (known !== undefined) return known;
    const s = style ?? {};
    const font = Styles.#find(
      this.#fonts,
      `<font>${s.bold ? '<b/>' : ''}<sz val="${s.size ?? 11}"/>${s.color ? `<color rgb="${s.color}"/>` : ''}` +
        '<name val="Calibri"/><family val="2"/></font>',
    );
    const fill = s.fill
      ? Styles.#find(
          this.#fills,
          `<fill><patternFill patternType="solid"><fgColor rgb="${s.fill}"/><bgColor indexed="64"/></patternFill></fill>`,
        )
      : 0;
    const side = (name: string) => `<${name} style="thin"><color rgb="${s.border}"/></${name}>`;
    const border = s.border
      ? Styles.#find(
          this.#borders,
          `<border>${['left', 'right', 'top', 'bottom'].map(side).join('')}<diagonal/></border>`,
        )
      : 0;
    const alignment = [
      s.horizontal ? ` horizontal="${s.horizontal}"` : '',
      s.vertical ? ` vertical="${s.vertical === 'middle' ? 'center' : 'top'}"` : '',
      s.wrap ? ' wrapText="1"' : '',
    ].join('');
    const numberFormat = s.isMoney ? MONEY_FORMAT_ID : 0;
    const xf =
      `<xf numFmtId="${numberFormat}" fontId="${font}" fillId="${fill}" borderId="${border}" xfId="0"` +
      `${numberFormat ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}${fill ? ' applyFill="1"' : ''}` +
      `${border ? ' applyBorder="1"' : ''}${alignment ? ` applyAlignment="1"><alignment${alignment}/></xf>` : '/>'}`;
    const index = Styles.#find(this.#formats, xf);
    this.#index.set(key, index);
    return index;
  }

  xml(): string {
    const list = (tag: string, items: string[]) =>
      `<${tag} count="${items.length}">${items.join('')}</${tag}>`;
    return (
      `${DECLARATION}<styleSheet xmlns="${MAIN}">${list('fonts', this.#fonts)}${list('fills', this.#fills)}` +
      `${list('borders', this.#borders)}<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `${list('cellXfs', this.#formats)}<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
    );
  }
}

/** A JPEG starts with FF D8 FF; anything else is taken for the PNG it should be. */
const extensionOf = (image: Buffer) =>
  image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff ? 'jpeg' : 'png';

/** The workbook's bytes: one sheet, shared strings, styles, pictures in a drawing. */
export function xlsxWorkbook(sheet: Sheet, properties: WorkbookProperties): Buffer {
  const styles = new Styles();
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (text: string) => {
    let at = stringIndex.get(text);
    if (at === undefined) {
      at = strings.push(text) - 1;
      stringIndex.set(text, at);
    }
    return at;
  };

  const rowsXml = sheet.rows
    .map((row, r) => {
      const cells = row.cells
        .map((cell, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          const s = styles.of(cell.style);
          const style = s ? ` s="${s}"` : '';
          const { value } = cell;
          if (value === null || value === '') return s ? `<c r="${ref}"${style}/>` : '';
          if (typeof value === 'string') return `<c r="${ref}"${style} t="s"><v>${shared(value)}</v></c>`;
          if (typeof value === 'number')
            return Number.isFinite(value)
              ? `<c r="${ref}"${style}><v>${value}</v></c>`
              : `<c r="${ref}"${style}/>`;
          return `<c r="${ref}"${style}><f>${xmlText(value.formula)}</f><v>${value.result}</v></c>`;
        })
        .join('');
      const height = row.height ? ` ht="${row.height}" customHeight="1"` : '';
      return `<row r="${r + 1}"${height}>${cells}</row>`;
    })
    .join('');
  const lastColumn = Math.max(1, sheet.columns.length, ...sheet.rows.map((row) => row.cells.length));
  const cols = sheet.columns
    .map((width, c) => `<col min="${c + 1}" max="${c + 1}" width="${width}" customWidth="1"/>`)
    .join('');

  const media: Buffer[] = [];
  const anchors = sheet.pictures.map((picture, n) => {
    let image = media.indexOf(picture.image);
    if (image < 0) image = media.push(picture.image) - 1;
    const cx = picture.width * EMU_PER_PX;
    const cy = picture.height * EMU_PER_PX;
    return (
      `<xdr:oneCellAnchor><xdr:from><xdr:col>${picture.col}</xdr:col><xdr:colOff>${Math.round(picture.dx * EMU_PER_PX)}</xdr:colOff>` +
      `<xdr:row>${picture.row}</xdr:row><xdr:rowOff>${Math.round(picture.dy * EMU_PER_PX)}</xdr:rowOff></xdr:from>` +
      `<xdr:ext cx="${cx}" cy="${cy}"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${n + 2}" name="Picture ${n + 1}"/>` +
      '<xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>' +
      `<xdr:blipFill><a:blip r:embed="rId${image + 1}"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>` +
      `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr>` +
      '</xdr:pic><xdr:clientData/></xdr:oneCellAnchor>'
    );
  });
  const hasDrawing = anchors.length > 0;

  const worksheet =
    `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    `${sheet.fitToPageWidth ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' : ''}` +
    `<dimension ref="A1:${columnName(lastColumn - 1)}${Math.max(1, sheet.rows.length)}"/>` +
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${rowsXml}</sheetData>` +
    `${sheet.merges.length ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>` : ''}` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    `${sheet.fitToPageWidth ? `<pageSetup paperSize="${A4}" orientation="portrait" fitToWidth="1" fitToHeight="0"/>` : ''}` +
    `${hasDrawing ? '<drawing r:id="rId1"/>' : ''}</worksheet>`;

  const sharedStrings =
    `${DECLARATION}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">` +
    `${strings.map((text) => `<si><t xml:space="preserve">${xmlText(text)}</t></si>`).join('')}</sst>`;

  const created = properties.created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data:
        `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
        '<Default Extension="jpeg" ContentType="image/jpeg"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        `${hasDrawing ? '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>' : ''}` +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: relationships([
        { id: 'rId1', type: `${REL}/officeDocument`, target: 'xl/workbook.xml' },
        { id: 'rId2', type: `${PACKAGE_REL}/metadata/core-properties`, target: 'docProps/core.xml' },
      ]),
    },
    {
      name: 'docProps/core.xml',
      data:
        `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>${xmlText(properties.creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created></cp:coreProperties>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheet.name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: relationships([
        { id: 'rId1', type: `${REL}/worksheet`, target: 'worksheets/sheet1.xml' },
        { id: 'rId2', type: `${REL}/styles`, target: 'styles.xml' },
        { id: 'rId3', type: `${REL}/sharedStrings`, target: 'sharedStrings.xml' },
      ]),
    },
    { name: 'xl/worksheets/sheet1.xml', data: worksheet },
    { name: 'xl/styles.xml', data: styles.xml() },
    { name: 'xl/sharedStrings.xml', data: sharedStrings },
  ];
  if (hasDrawing) {
    entries.push(
      {
        name: 'xl/worksheets/_rels/sheet1.xml.rels',
        data: relationships([{ id: 'rId1', type: `${REL}/drawing`, target: '../drawings/drawing1.xml' }]),
      },
      {
        name: 'xl/drawings/drawing1.xml',
        data:
          `${DECLARATION}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ` +
          `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}">${anchors.join('')}</xdr:wsDr>`,
      },
      {
        name: 'xl/drawings/_rels/drawing1.xml.rels',
        data: relationships(
          media.map((_, i) => ({
            id: `rId${i + 1}`,
            type: `${REL}/image`,
            target: `../media/image${i + 1}.${extensionOf(media[i]!)}`,
          })),
        ),
      },
      ...media.map((image, i) => ({
        name: `xl/media/image${i + 1}.${extensionOf(image)}`,
        data: image,
        isCompressed: true,
      })),
    );
  }
  return zipArchive(entries, properties.created);
}
