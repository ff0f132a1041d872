import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/lib/test-utils';
import { QuickOrderPad, type ConfirmedLine } from './quick-order-pad';

type Call = { url: string; body: unknown };

/** A fake `/api/quick-order/parse`: each call answers the next of `answers`. */
function fakeServer(...answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const READ = {
  lines: [
    {
      row: 1,
      input: 'RG-1001 x 24',
      status: 'matched',
      productId: 'p-ring',
      code: 'RG-1001',
      name: 'Kundan Ring',
      quantity: 24,
      unit: 'pcs',
      pieces: 24,
    },
    {
      row: 2,
      input: 'JH-33 x 10',
      status: 'matched',
      productId: 'p-jhumka',
      code: 'JH-33',
      name: 'Temple Jhumka',
      quantity: 10,
      unit: 'pcs',
      pieces: 10,
      adjustedTo: 12,
      adjustReason: '10 → 12: the minimum order is 12',
    },
    {
      row: 4,
      input: 'RG-1OO2 2 dozen',
      status: 'suggested',
      code: 'RG-1OO2',
      quantity: 2,
      unit: 'dozen',
      pieces: 24,
      suggestions: [
        { productId: 'p-polki', code: 'RG-1002', name: 'Polki Ring' },
        { productId: 'p-other', code: 'RG-1020', name: 'Other Ring' },
      ],
    },
    { row: 5, input: 'bhaiya 2 wale bhejo', status: 'unreadable' },
  ],
};

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderPad(language: 'en' | 'hi' = 'en') {
  const confirmed: ConfirmedLine[][] = [];
  const onConfirm = vi.fn(async (lines: ConfirmedLine[]) => {
    confirmed.push(lines);
  });
  renderWithProviders(<QuickOrderPad onConfirm={onConfirm} />, { path: '/quick-order', language });
  return { confirmed, onConfirm };
}

describe('the quick-order pad', () => {
  it('shows how each line was read, and adds nothing before the buyer confirms', async () => {
    const calls = fakeServer({ status: 200, body: READ });
    const { onConfirm } = renderPad();
    await userEvent.type(screen.getByLabelText('Your list'), 'RG-1001 x 24{enter}JH-33 x 10');
    await userEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    const list = await screen.findByRole('list', { name: 'How each line of your list was read' });
    expect(calls[0]).toEqual({ url: '/api/quick-order/parse', body: { text: 'RG-1001 x 24\nJH-33 x 10' } });
    const items = [...list.children] as HTMLElement[];
    expect(within(items[0]!).getByText('24 pcs = 24 pieces')).toBeInTheDocument();
    expect(within(items[1]!).getByText('10 → 12: the minimum order for this design')).toBeInTheDocument();
    expect(within(items[1]!).getByLabelText('Pieces of JH-33')).toHaveValue(12);
    expect(within(items[2]!).getByText('No design has this code exactly. Choose one:')).toBeInTheDocument();
    expect(within(items[3]!).getByText('This line could not be read. Correct it:')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 4 lines ready');
    expect(screen.getByRole('button', { name: 'Put 2 designs in the enquiry list' })).toBeEnabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says when a design is sold in whole packs, in English and Hindi', async () => {
    const packed = {
      lines: [
        {
          row: 1,
          input: 'PK-12 x 10',
          status: 'matched',
          productId: 'p-packed',
          code: 'PK-12',
          name: 'Boxed Bangles',
          quantity: 10,
          unit: 'pcs',
          pieces: 10,
          adjustedTo: 12,
          adjustReason: '10 → 12: sold in packs of 12',
          packSize: 12,
        },
      ],
    };
    for (const [language, label, read, text] of [
      ['en', 'Your list', 'Read the list', '10 → 12: sold in packs of 12'],
      ['hi', 'आपकी सूची', 'सूची पढ़ें', '10 → 12: 12 के पैक में ही बिकता है'],
    ] as const) {
      fakeServer({ status: 200, body: packed });
      renderPad(language);
      await userEvent.type(screen.getByLabelText(label), 'PK-12 x 10');
      await userEvent.click(screen.getByRole('button', { name: read }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByLabelText(/PK-12/)).toHaveValue(12);
      cleanup();
    }
  });

  it('takes a suggestion only when the buyer picks it, then confirms the lines with their pieces', async () => {
    fakeServer({ status: 200, body: READ });
    const { confirmed } = renderPad();
    await userEvent.type(screen.getByLabelText('Your list'), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose RG-1002 Polki Ring' }));
    expect(screen.getByText('Chosen:')).toBeInTheDocument();
    const pieces = screen.getByLabelText('Pieces of RG-1001');
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Put 3 designs in the enquiry list' }));
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0]!.map((l) => [l.productId, l.pieces])).toEqual([
      ['p-ring', 30],
      ['p-jhumka', 12],
      ['p-polki', 24],
    ]);
  });

  it('reads a corrected line again in its place', async () => {
    const calls = fakeServer(
      { status: 200, body: READ },
      {
        status: 200,
        body: {
          lines: [
            {
              row: 1,
              input: 'BG-7 2 dz',
              status: 'matched',
              productId: 'p-bangle',
              code: 'BG-7',
              name: 'Meena Bangle',
              quantity: 2,
              unit: 'dozen',
              pieces: 24,
            },
          ],
        },
      },
    );
    renderPad();
    await userEvent.type(screen.getByLabelText('Your list'), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    const edit = await screen.findByLabelText('Line 5 as written');
    await userEvent.clear(edit);
    await userEvent.type(edit, 'BG-7 2 dz');
    await userEvent.click(screen.getByRole('button', { name: 'Read again' }));
    expect(await screen.findByText('Meena Bangle')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ text: 'BG-7 2 dz' });
    expect(screen.getByText('Line 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put 3 designs in the enquiry list' })).toBeEnabled();
  });

  it('keeps the pasted text when the server refuses the list, and says why', async () => {
    fakeServer({
      status: 413,
      body: { message: 'A quick order can hold at most 5,000 lines; split the list and paste it in parts' },
    });
    renderPad();
    await userEvent.type(screen.getByLabelText('Your list'), 'RG-1001 x 24');
    await userEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be read.');
    expect(alert).toHaveTextContent('at most 5,000 lines');
    expect(screen.getByLabelText('Your list')).toHaveValue('RG-1001 x 24');
    expect(window.sessionStorage.getItem('quick-order-text')).toBe('RG-1001 x 24');
  });

  it('brings back the text of an earlier visit and speaks Hindi', async () => {
    window.sessionStorage.setItem('quick-order-text', 'JH-33 दो दर्जन');
    renderPad('hi');
    expect(await screen.findByLabelText('आपकी सूची')).toHaveValue('JH-33 दो दर्जन');
    expect(screen.getByRole('button', { name: 'सूची पढ़ें' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'नमूना फ़ाइल डाउनलोड करें' })).toHaveAttribute(
      'download',
      'quick-order-template.csv',
    );
  });
});
