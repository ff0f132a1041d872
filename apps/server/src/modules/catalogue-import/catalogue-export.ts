import { listValues } from '../attributes/index.ts';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parseCategory, parseSubcategory } from '@catalogue/shared/domain/categories';
import { AppError } from '@catalogue/shared/errors';
import {
  ATTRIBUTE_KINDS,
  CATALOGUE_COLUMNS,
  type ExportQuery,
} from '@catalogue/shared/schemas/catalogue-import';
import { costingCells } from '@catalogue/shared/schemas/costing-workbook';
import { PRODUCT_FIELD_NAMES, productField } from '@catalogue/shared/schemas/product-fields';
import type { Db } from '../../db/client.ts';
import { loadExcelJs } from '../../lib/on-first-use.ts';
import {
  streamProducts,
  type AttributeValue,
  type CurrentProduct,
  type ExportFilter,
} from './catalogue-import.repository.ts';

const CHUNK = 500;

/** How a gallery picture is written in the `images` column: our media by path, others by address. */
export const pictureText = (g: { mediaId: string | null; url: string | null }) =>
  g.mediaId ? `/media/${g.mediaId}` : (g.url ?? '');

/** The export's filter checked: categories and attribute slugs must exist (400 naming the value). */
export function exportFilter(query: ExportQuery, values: AttributeValue[]): ExportFilter {
  const filter: ExportFilter = { valueIdsByKind: [] };
  if (query.category) {
    const category = parseCategory(query.category);
    if (!category) throw new AppError('BAD_REQUEST', `Unknown category "${query.category}"`);
    filter.category = category;
  }
  if (query.subcategory) {
    const subcategory = parseSubcategory(query.subcategory);
    if (!subcategory) throw new AppError('BAD_REQUEST', `Unknown subcategory "${query.subcategory}"`);
    filter.subcategory = subcategory;
  }
  if (query.search?.trim()) filter.search = query.search.trim();
  for (const kind of ATTRIBUTE_KINDS) {
    const slugs = (query[kind] ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    if (!slugs.length) continue;
    const ids = slugs.map((slug) => {
      const value = values.find((v) => v.kind === kind && v.slug === slug);
      if (!value) throw new AppError('BAD_REQUEST', `Unknown ${kind} "${slug}"`);
      return value.id;
    });
    filter.valueIdsByKind.push(ids);
  }
  return filter;
}

export type PreparedExport = { values: AttributeValue[]; filter: ExportFilter };

/** Reads the attribute lists and checks the filter (400 on an unknown value) before anything is sent. */
export async function prepareExport(db: Db, query: ExportQuery): Promise<PreparedExport> {
  const values = await listValues(db);
  return { values, filter: exportFilter(query, values) };
}

function rowValues(
  p: CurrentProduct,
  slugOf: Map<string, AttributeValue>,
): Record<string, string | number | null> {
  const byKind = (kind: string) =>
    p.attributeIds
      .map((id) => slugOf.get(id))
      .filter((v): v is AttributeValue & { order: number } => v?.kind === kind)
      .sort((a, b) => a.order - b.order)
      .map((v) => v.slug)
      .join(', ');
  const cells: Record<string, string | number | null> = {};
  for (const name of PRODUCT_FIELD_NAMES) {
    const workbook = productField(name).workbook;
    if (workbook) cells[workbook.column] = workbook.toCell(p.values[name]);
  }
  return {
    ...cells,
    metal: byKind('metal'),
    finish: byKind('finish'),
    stone: byKind('stone'),
    colour: byKind('colour'),
    images: p.gallery.map(pictureText).join('\n'),
    alt_en: p.gallery.some((g) => g.altEn) ? p.gallery.map((g) => g.altEn).join('\n') : '',
    alt_hi: p.gallery.some((g) => g.altHi) ? p.gallery.map((g) => g.altHi).join('\n') : '',
    // The admin's own workbook: the design's costing (never in a buyer's workbook).
    ...costingCells(p.costing),
  };
}

/**
 * Writes the filtered catalogue as an .xlsx workbook to `output` with ExcelJS's streaming writer:
 * rows are read 500 at a time and committed as they are written, waiting for the output to drain,
 * so a catalogue of 100,000 products never sits in memory.
 */
export async function writeCatalogueWorkbook(
  db: Db,
  prepared: PreparedExport,
  output: Writable,
): Promise<void> {
  const { values, filter } = prepared;
  // Slugs in the lists' own order.
  const slugOf = new Map(values.map((v, order) => [v.id, { ...v, order }]));
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Catalogue', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CATALOGUE_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key === 'description' || key === 'images' || key === 'stone_costs' ? 40 : key === 'name' ? 30 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const chunk of streamProducts(db, filter, CHUNK)) {
    for (const product of chunk) sheet.addRow(rowValues(product, slugOf)).commit();
    if (output.writableNeedDrain) await once(output, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
