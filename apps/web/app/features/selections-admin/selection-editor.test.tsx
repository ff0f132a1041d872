import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/lib/test-utils';
import { DesignAdder } from './design-adder';
import { DesignList, type EditorDesign } from './design-list';
import { listingSourceOf } from './listing-source';
import { splitCodes } from './pasted-codes';

const design = (code: string): EditorDesign => ({
  _id: `00000000-0000-4000-8000-${code.replace(/\D/g, '').padStart(12, '0')}`,
  code,
  name: `Design ${code}`,
  imageUrl: null,
});
const RG1 = design('RG-1');
const RG2 = design('RG-2');
const RG3 = design('RG-3');

/** The list with its own state, as the editor holds it. */
function Harness({ initial }: { initial: EditorDesign[] }) {
  const [designs, setDesigns] = useState(initial);
  return (
    <>
      <DesignList designs={designs} onChange={setDesigns} />
      <DesignAdder designs={designs} onAdd={(added) => setDesigns((d) => [...d, ...added])} />
    </>
  );
}

/** The codes of the selection's designs, in their order (read from each row's spoken name). */
const codesInList = () =>
  screen
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-design'))
    .map((li) => li.getAttribute('aria-label')!.replace(/^\d+\. (\S+) .*$/, '$1'));

type Call = { url: string; method: string; body: unknown };

/** `fetch` answering the quick order's reader with `lines`. */
function serveParse(lines: unknown[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return Promise.resolve(new Response(JSON.stringify({ lines }), { status: 200 }));
    }),
  );
  return calls;
}

describe('the selection editor', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  describe('reordering', () => {
    it('moves a design with its buttons, keeps focus on the button and announces the new place', async () => {
      const user = userEvent.setup();
      renderWithProviders(<Harness initial={[RG1, RG2, RG3]} />);
      await user.click(screen.getByRole('button', { name: 'Move RG-3 up' }));
      expect(codesInList()).toEqual(['RG-1', 'RG-3', 'RG-2']);
      expect(screen.getByRole('button', { name: 'Move RG-3 up' })).toHaveFocus();
      expect(screen.getByText('RG-3 is now number 2 of 3.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Move RG-1 down' }));
      expect(codesInList()).toEqual(['RG-3', 'RG-1', 'RG-2']);
      // At the top, up does nothing.
      await user.click(screen.getByRole('button', { name: 'Move RG-3 up' }));
      expect(codesInList()).toEqual(['RG-3', 'RG-1', 'RG-2']);
    });

    it('moves the focused design with Alt+↑ and Alt+↓, and focus follows it', async () => {
      const user = userEvent.setup();
      renderWithProviders(<Harness initial={[RG1, RG2, RG3]} />);
      const row = screen.getByRole('listitem', { name: '1. RG-1 · Design RG-1' });
      row.focus();
      await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
      expect(codesInList()).toEqual(['RG-2', 'RG-1', 'RG-3']);
      expect(screen.getByRole('listitem', { name: '2. RG-1 · Design RG-1' })).toHaveFocus();
      await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
      expect(codesInList()).toEqual(['RG-2', 'RG-3', 'RG-1']);
      await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Alt>}{ArrowUp}{/Alt}');
      expect(codesInList()).toEqual(['RG-1', 'RG-2', 'RG-3']);
      // An arrow without Alt leaves the order alone.
      await user.keyboard('{ArrowDown}');
      expect(codesInList()).toEqual(['RG-1', 'RG-2', 'RG-3']);
    });

    it('removes a design and moves the focus to the one that takes its place', async () => {
      const user = userEvent.setup();
      renderWithProviders(<Harness initial={[RG1, RG2, RG3]} />);
      await user.click(screen.getByRole('button', { name: 'Remove RG-2' }));
      expect(codesInList()).toEqual(['RG-1', 'RG-3']);
      expect(screen.getByRole('listitem', { name: '2. RG-3 · Design RG-3' })).toHaveFocus();
      expect(screen.getByText('2 of 500 designs')).toBeInTheDocument();
    });

    it('over 500 designs, says how many to remove', () => {
      const many = Array.from({ length: 502 }, (_, i) => design(`X-${i + 1}`));
      renderWithProviders(<DesignList designs={many} onChange={() => {}} />);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'A selection holds at most 500 designs: remove 2 before saving, or split it into two selections.',
      );
    });
  });

  describe('pasted codes', () => {
    it('splits a paste by lines, commas and spaces, each code once', () => {
      expect(splitCodes('RG-1, rg-1\nJH-33  BG-7;\n\n\tKJ-9,')).toEqual(['RG-1', 'JH-33', 'BG-7', 'KJ-9']);
      expect(splitCodes(' , \n ')).toEqual([]);
    });

    it('sends the codes one a line to the reader, adds the known ones and lists the unknown back', async () => {
      const calls = serveParse([
        { row: 1, input: 'RG-2', status: 'matched', productId: RG2._id, code: 'RG-2', name: 'Design RG-2' },
        {
          row: 2,
          input: 'RG-99',
          status: 'suggested',
          suggestions: [{ productId: RG3._id, code: 'RG-3', name: 'Design RG-3' }],
        },
        { row: 3, input: 'RG-1', status: 'matched', productId: RG1._id, code: 'RG-1', name: 'Design RG-1' },
        { row: 4, input: 'ZZ', status: 'unreadable' },
      ]);
      const user = userEvent.setup();
      renderWithProviders(<Harness initial={[RG1]} />);
      await user.type(
        screen.getByLabelText('Codes (one a line, or separated by commas or spaces)'),
        'RG-2, RG-99 RG-1{enter}ZZ',
      );
      await user.click(screen.getByRole('button', { name: 'Add these codes' }));

      expect(await screen.findByText('2 codes were not found:')).toBeInTheDocument();
      expect(calls).toEqual([
        { url: '/api/quick-order/parse', method: 'POST', body: { text: 'RG-2\nRG-99\nRG-1\nZZ' } },
      ]);
      // RG-2 is added after RG-1; RG-1 was in already.
      expect(codesInList()).toEqual(['RG-1', 'RG-2']);
      expect(
        screen.getByText('1 design added. 1 was already in the selection.', { exact: false }),
      ).toBeInTheDocument();
      const unknown = screen.getByText('2 codes were not found:').closest('[role="alert"]') as HTMLElement;
      expect(within(unknown).getByText('RG-99').parentElement).toHaveTextContent(
        'RG-99 (did you mean RG-3?)',
      );
      expect(within(unknown).getByText('ZZ')).toBeInTheDocument();
      // What was not found stays in the box to be corrected.
      expect(screen.getByLabelText('Codes (one a line, or separated by commas or spaces)')).toHaveValue(
        'RG-99\nZZ',
      );
    });

    it('asks for a code before calling the server', async () => {
      const calls = serveParse([]);
      const user = userEvent.setup();
      renderWithProviders(<Harness initial={[]} />);
      await user.click(screen.getByRole('button', { name: 'Add these codes' }));
      expect(screen.getByText('Paste at least one code.')).toBeInTheDocument();
      expect(calls).toEqual([]);
    });
  });

  describe('a listing address', () => {
    it('is read with its filters from the listing endpoint of its page', () => {
      expect(
        listingSourceOf('https://shop.example/hi/category/Rings?filter=with&metal=silver&page=3')?.pathOf(2),
      ).toBe('/products/category/Rings/paginated?metal=silver&filter=with&page=2&limit=100');
      expect(listingSourceOf('/shopall?stone=kundan,polki&sort=name')?.pathOf(1)).toBe(
        '/products/paginated?stone=kundan%2Cpolki&sort=name&page=1&limit=100',
      );
      expect(listingSourceOf('/category/Earrings/Jhumka')?.pathOf(1)).toBe(
        '/products/categorys/Earrings/subcategory/Jhumka/paginated?page=1&limit=100',
      );
      expect(listingSourceOf('/search?q=silver payal')?.pathOf(3)).toBe('/search?q=silver+payal&page=3');
      expect(listingSourceOf('/cart')).toBeNull();
      expect(listingSourceOf('/search')).toBeNull();
    });
  });
});
