import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@catalogue/shared/schemas/order';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { I18nProvider } from '~/lib/i18n';
import { testI18n } from '~/lib/test-utils';
import { QuoteLines } from './quote-lines';

const lines: OrderLine[] = [
  { productId: 'p1', name: 'Ruby Ring', sku: 'RG-1', quantity: 3, imageUrl: null },
  { productId: 'p2', name: 'Jhumka', sku: 'ER-4', quantity: 250, imageUrl: null },
];

const quote: QuoteRevision = {
  revision: 1,
  state: 'sent',
  currency: 'INR',
  lines: [
    {
      productId: 'p1',
      sku: 'RG-1',
      name: 'Ruby Ring',
      imageUrl: null,
      quantity: 3,
      unitPrice: 125_050,
      moq: 10,
      note: 'Hand set',
      lineTotal: 375_150,
    },
    {
      productId: 'p2',
      sku: 'ER-4',
      name: 'Jhumka',
      imageUrl: null,
      quantity: 250,
      unitPrice: 99_999,
      moq: 1,
      note: '',
      lineTotal: 24_999_750,
    },
  ],
  total: 25_374_900,
  leadTimeDays: 21,
  validUntil: '2030-12-08T10:00:00.000Z',
  noteToBuyer: '',
  sentAt: '2026-11-24T10:00:00.000Z',
};

/** A cell's label (said on a phone, where the table's head is not shown) and its value. */
const figuresOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .filter((cell) => cell.children.length === 2 && cell.firstElementChild?.tagName === 'SPAN')
    .map((cell) => [cell.children[0]!.textContent, cell.children[1]!.textContent]);

describe('QuoteLines', () => {
  it('gives every line its own labelled figures, for the card each line is on a phone', () => {
    render(
      <I18nProvider i18n={testI18n('en')}>
        <QuoteLines lines={lines} quote={quote} />
      </I18nProvider>,
    );
    const table = screen.getByRole('table', { name: 'Requested designs' });
    const [head, ruby, jhumka, total] = within(table).getAllByRole('row');
    // The desktop's table keeps its column heads.
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Picture', 'Code', 'Item', 'Quantity', 'Unit price', 'MOQ', 'Amount']);
    expect(figuresOf(ruby!)).toEqual([
      ['Quantity', '3'],
      ['Unit price', 'INR 1,250.50'],
      ['MOQ', '10'],
      ['Amount', 'INR 3,751.50'],
    ]);
    expect(figuresOf(jhumka!)).toEqual([
      ['Quantity', '250'],
      ['Unit price', 'INR 999.99'],
      ['MOQ', '1'],
      ['Amount', 'INR 2,49,997.50'],
    ]);
    expect(total).toHaveTextContent('TotalINR 2,53,749.00');
    // On a phone the total stands above the lines (its group is drawn first) and nothing scrolls sideways.
    expect(total!.closest('tfoot')).toHaveClass('order-first');
    expect(table.parentElement).not.toHaveClass('overflow-x-auto');
  });

  it('labels the figures in Hindi on a Hindi page', () => {
    render(
      <I18nProvider i18n={testI18n('hi')}>
        <QuoteLines lines={lines} quote={quote} />
      </I18nProvider>,
    );
    const [, ruby] = screen.getAllByRole('row');
    const labels = figuresOf(ruby!).map(([label]) => label);
    expect(labels).toHaveLength(4);
    expect(labels).not.toContain('Unit price');
    expect(labels.every((label) => label && label.trim() !== '')).toBe(true);
  });

  it('shows only the quantities before a quote', () => {
    render(
      <I18nProvider i18n={testI18n('en')}>
        <QuoteLines lines={lines} quote={null} />
      </I18nProvider>,
    );
    const [, ruby] = screen.getAllByRole('row');
    expect(figuresOf(ruby!)).toEqual([['Quantity', '3']]);
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });
});
