import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Fulfilment } from '@catalogue/shared/schemas/fulfilment';
import { OrderProgress } from './order-progress';

const by = { _id: 'a1', name: 'Ravi Admin', role: 'admin' as const };

function orderWith(fulfilment: Fulfilment) {
  return { _id: 'o1', orderId: 42, excelFilePath: '/uploads/Quotation_42.xlsx?sig=a&exp=1', fulfilment };
}

const partly: Fulfilment = {
  stage: 'partly_dispatched',
  poNumber: 'PO-7781',
  expectedShipDate: '2026-12-20',
  overdue: false,
  stages: [
    {
      stage: 'confirmed',
      at: '2026-12-01T10:00:00.000Z',
      note: null,
      by: { ...by, role: 'user' },
      photoUrl: null,
    },
    { stage: 'in_production', at: '2026-12-02T10:00:00.000Z', note: 'Casting started', by, photoUrl: null },
    { stage: 'quality_check', at: '2026-12-05T10:00:00.000Z', note: null, by, photoUrl: '/media/p1' },
    { stage: 'packed', at: '2026-12-06T10:00:00.000Z', note: null, by, photoUrl: null },
    { stage: 'partly_dispatched', at: '2026-12-07T10:00:00.000Z', note: 'BlueDart BD1', by, photoUrl: null },
  ],
  shipments: [
    {
      _id: 's1',
      lines: [{ productId: 'p1', sku: 'KR-1', name: 'Kundan Ring', quantity: 3, actualWeightMg: 12_450 }],
      courier: 'BlueDart',
      trackingNumber: 'BD123456789IN',
      shippedAt: '2026-12-07T10:00:00.000Z',
    },
  ],
  lines: [
    { productId: 'p1', sku: 'KR-1', name: 'Kundan Ring', accepted: 3, shipped: 3 },
    { productId: 'p2', sku: 'PP-2', name: 'Polki Pendant', accepted: 250, shipped: 0 },
  ],
};

describe('OrderProgress', () => {
  it('shows the stages reached with their dates, the next ones as not yet, and the current one marked', () => {
    render(<OrderProgress order={orderWith(partly)} />);
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')?.textContent)).toEqual([
      'Confirmed',
      'In production',
      'Quality check',
      'Packed',
      'Partly dispatched',
      'Dispatched',
      'Delivered',
    ]);
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
    expect(within(steps[1]!).getByText('Casting started')).toBeInTheDocument();
    expect(within(steps[2]!).getByRole('img', { name: 'Quality check photo' })).toHaveAttribute(
      'src',
      '/media/p1?w=240',
    );
    expect(within(steps[5]!).getByText('Not yet')).toBeInTheDocument();
    expect(screen.getByText('PO-7781')).toBeInTheDocument();
  });

  it('lists each shipment with its tracking number and weight, and what is left of each line', () => {
    render(<OrderProgress order={orderWith(partly)} />);
    expect(screen.getByTestId('tracking-number')).toHaveTextContent('BD123456789IN');
    expect(screen.getByText(/KR-1 Kundan Ring: 3 pcs · 12\.45 g/)).toBeInTheDocument();
    expect(screen.getByText('PP-2: 0 of 250 shipped')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quotation workbook (Excel)' })).toHaveAttribute(
      'href',
      '/api/orders/download/Quotation_42.xlsx?sig=a&exp=1',
    );
  });

  it('shares the status on WhatsApp as a wa.me link with the text', () => {
    render(<OrderProgress order={orderWith(partly)} />);
    const share = screen.getByRole('link', { name: 'Share status on WhatsApp' });
    const url = new URL(share.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toMatch(
      /^Order #42 \(Jaipur Jewellery House\): Partly dispatched\. Expected ship date: .*20.*2026.*\. /,
    );
  });

  it('leaves the partial step out when it never happened, and says when the order is late or cancelled', () => {
    const late: Fulfilment = {
      ...partly,
      stage: 'in_production',
      overdue: true,
      shipments: [],
      stages: partly.stages.slice(0, 2),
    };
    const { unmount } = render(<OrderProgress order={orderWith(late)} />);
    expect(screen.queryByText('Partly dispatched')).not.toBeInTheDocument();
    expect(screen.getByText('Running late: we are on it')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been shipped yet.')).toBeInTheDocument();
    unmount();
    render(
      <OrderProgress
        order={orderWith({
          ...late,
          overdue: false,
          stage: 'cancelled',
          stages: [...late.stages, { ...late.stages[1]!, stage: 'cancelled' }],
        })}
      />,
    );
    expect(screen.getByText('This order was cancelled.')).toBeInTheDocument();
    expect(screen.getByTestId('order-stage')).toHaveTextContent('Cancelled');
  });
});
