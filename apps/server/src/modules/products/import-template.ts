import type ExcelJS from 'exceljs';
import { CATEGORIES, SUBCATEGORIES } from '@catalogue/shared/domain/categories';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@catalogue/shared/schemas/product-import';
import { loadExcelJs } from '../../lib/on-first-use.ts';

export const IMPORT_TEMPLATE_FILENAME = 'product-import-template.xlsx';

/** Two rows that import as they are, so an owner sees every column filled in correctly. */
const EXAMPLE_ROWS: Record<(typeof IMPORT_COLUMNS)[number], string>[] = [
  {
    name: 'Kundan Polki Ring',
    code: 'RG-1001',
    description: 'Brass ring with kundan and polki stones, gold plated',
    category: 'Rings',
    subcategory: 'withgemstone',
    image: 'https://example.com/images/rg-1001.jpg',
  },
  {
    name: 'Oxidised Silver Jhumka',
    code: 'ER-2001',
    description: '925 sterling silver jhumka earrings, oxidised finish',
    category: 'Earrings',
    subcategory: 'withoutgemstone',
    image: '',
  },
];

const WIDTHS: Record<(typeof IMPORT_COLUMNS)[number], number> = {
  name: 28,
  code: 14,
  description: 50,
  category: 14,
  subcategory: 18,
  image: 45,
};

/**
 * The bulk-import workbook: the header row the importer expects (first sheet), two example rows,
 * and drop-down lists on category and subcategory so a typo is caught in Excel, before the upload.
 */
export async function buildImportTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Catalogue admin';
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((key) => ({ header: key, key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of EXAMPLE_ROWS) sheet.addRow(row);

  const lastRow = IMPORT_MAX_ROWS + 1;
  const listRule = (values: readonly string[]): ExcelJS.DataValidation => ({
    type: 'list',
    allowBlank: true,
    formulae: [`"${values.join(',')}"`],
    showErrorMessage: true,
    errorTitle: 'Not in the list',
    error: `Choose one of: ${values.join(', ')}`,
  });
  const columnLetter = (key: (typeof IMPORT_COLUMNS)[number]) => sheet.getColumn(key).letter;
  // ExcelJS declares no range validation in its types, though it writes one; a rule per column range.
  const validations = (
    sheet as unknown as { dataValidations: { add(address: string, rule: ExcelJS.DataValidation): void } }
  ).dataValidations;
  validations.add(`${columnLetter('category')}2:${columnLetter('category')}${lastRow}`, listRule(CATEGORIES));
  validations.add(
    `${columnLetter('subcategory')}2:${columnLetter('subcategory')}${lastRow}`,
    listRule(SUBCATEGORIES),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
