import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/lib/test-utils';
import { SearchBox } from './search-box';

const RING = {
  _id: '0b9a4c52-8a3b-4f5e-9a55-0d0c7b8d1e01',
  name: 'Ruby Cocktail Ring',
  description: '',
  category: 'Rings',
  subcategory: 'withgemstone',
  code: 'RG-1',
  price: 0,
  imageUrl: '/media/abc',
  imageurl: '/media/abc',
  cloudinaryId: 'abc',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const EARRING = {
  ...RING,
  _id: '0b9a4c52-8a3b-4f5e-9a55-0d0c7b8d1e02',
  name: 'Gold Jhumka',
  code: 'ER-22',
  imageUrl: null,
  imageurl: null,
};

/** The results page's answer when it read nothing as a close spelling. */
const NOTHING_CORRECTED = {
  products: [],
  currentPage: 1,
  totalPages: 1,
  totalItems: 0,
  query: 'x',
  literalTotal: 0,
  interpretation: { corrected: null, synonyms: [] },
};

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderBox(fetcher: typeof fetch, at = '/', onNavigate?: () => void) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <SearchBox fetcher={fetcher} {...(onNavigate ? { onNavigate } : {})} />
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Search products' });
}

/** Types into the box and lets the debounce run out. */
async function typeAndWait(input: HTMLElement, text: string, ms = 500) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 500 ms after typing stops and sends one request for the last text', async () => {
    const fetcher = vi.fn(() => json([RING])) as unknown as typeof fetch;
    const input = renderBox(fetcher);
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: 'ru' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(input, { target: { value: 'ruby' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetcher).mock.calls[0]?.[0]).toBe('/api/products/product?search=ruby');
  });

  it('lists results with a fixed-size lazy thumbnail, name, code and a prefixed link to the product', async () => {
    const input = renderBox(vi.fn(() => json([RING])) as unknown as typeof fetch, '/en-in/faq');
    await typeAndWait(input, 'ruby');
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(list).toHaveClass('max-h-[17rem]', 'overflow-y-auto');
    const link = screen.getByRole('link', { name: 'Ruby Cocktail Ring RG-1' });
    expect(link).toHaveAttribute('href', `/en-in/singleproduct/${RING._id}`);
    const image = link.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/abc?w=400&h=400&fit=cover&q=86');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
    expect(image).toHaveClass('size-12', 'shrink-0');
    expect(screen.getByText('RG-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute(
      'href',
      '/en-in/search?q=ruby',
    );
  });

  it('is a GET form to the results page under the visitor prefix', () => {
    const input = renderBox(vi.fn(() => json([])) as unknown as typeof fetch, '/hi/faq');
    const form = input.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/hi/search');
    expect(input).toHaveAttribute('name', 'q');
  });

  it('opens the results page on Enter', async () => {
    const onNavigate = vi.fn();
    const input = renderBox(vi.fn(() => json([RING])) as unknown as typeof fetch, '/en-in/faq', onNavigate);
    fireEvent.change(input, { target: { value: ' neckalce & co ' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/en-in/search?q=neckalce%20%26%20co',
    );
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('moves through the suggestions with the arrow keys and back to the box with Escape', async () => {
    const input = renderBox(vi.fn(() => json([RING, EARRING])) as unknown as typeof fetch);
    await typeAndWait(input, 'ring');
    const ruby = screen.getByRole('link', { name: 'Ruby Cocktail Ring RG-1' });
    const jhumka = screen.getByRole('link', { name: 'Gold Jhumka ER-22' });
    const all = screen.getByRole('link', { name: 'See all results' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(ruby).toHaveFocus();
    fireEvent.keyDown(ruby, { key: 'ArrowDown' });
    expect(jhumka).toHaveFocus();
    fireEvent.keyDown(jhumka, { key: 'ArrowDown' });
    expect(all).toHaveFocus();
    fireEvent.keyDown(all, { key: 'ArrowDown' });
    expect(all).toHaveFocus();
    fireEvent.keyDown(all, { key: 'Home' });
    expect(ruby).toHaveFocus();
    fireEvent.keyDown(ruby, { key: 'ArrowUp' });
    expect(input).toHaveFocus();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(ruby, { key: 'Escape' });
    expect(input).toHaveFocus();
    expect(ruby).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(input).toHaveValue('ring');
  });

  it('shows Loading... while waiting for the answer', async () => {
    let answer: (value: Response) => void = () => {};
    const fetcher = vi.fn((url: string) =>
      url.startsWith('/api/search?')
        ? json(NOTHING_CORRECTED)
        : new Promise<Response>((resolve) => (answer = resolve)),
    ) as unknown as typeof fetch;
    const input = renderBox(fetcher);
    await typeAndWait(input, 'ring');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => {
      answer(new Response('[]', { status: 200 }));
    });
    expect(screen.getByText('No product found')).toBeInTheDocument();
  });

  it('says Failed to fetch products. when the request fails', async () => {
    const input = renderBox(vi.fn(() => json({ message: 'boom' }, 500)) as unknown as typeof fetch);
    await typeAndWait(input, 'ring');
    expect(screen.getByText('Failed to fetch products.')).toHaveClass('text-red-700');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('sends nothing for a blank or whitespace query and clears earlier results', async () => {
    const fetcher = vi.fn(() => json([RING])) as unknown as typeof fetch;
    const input = renderBox(fetcher);
    await typeAndWait(input, '   ');
    expect(fetcher).not.toHaveBeenCalled();
    await typeAndWait(input, 'ruby');
    expect(screen.getByRole('link', { name: 'Ruby Cocktail Ring RG-1' })).toBeInTheDocument();
    await typeAndWait(input, '');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('drops an answer that arrives after a newer query started', async () => {
    const answers: ((value: Response) => void)[] = [];
    const fetcher = vi.fn((url: string) =>
      url.startsWith('/api/search?')
        ? json(NOTHING_CORRECTED)
        : new Promise<Response>((resolve) => answers.push(resolve)),
    ) as unknown as typeof fetch;
    const input = renderBox(fetcher);
    await typeAndWait(input, 'ruby');
    await typeAndWait(input, 'emerald');
    await act(async () => {
      answers[1]?.(new Response('[]', { status: 200 }));
      answers[0]?.(new Response(JSON.stringify([RING]), { status: 200 }));
    });
    expect(screen.getByText('No product found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ruby Cocktail Ring RG-1' })).not.toBeInTheDocument();
  });

  describe('Did you mean', () => {
    const NECKLACE = {
      ...RING,
      _id: '0b9a4c52-8a3b-4f5e-9a55-0d0c7b8d1e03',
      name: 'Pearl Necklace',
      code: 'NK-9',
    };
    const page = (corrected: string | null, products: unknown[]) => ({
      products,
      currentPage: 1,
      totalPages: 1,
      totalItems: products.length,
      query: 'neckalce',
      literalTotal: 0,
      interpretation: { corrected, synonyms: [] },
    });
    /** Answers the header's literal search with `literal` and the results page's search with `full`. */
    const routes = (literal: unknown[], full: () => Promise<Response>) =>
      vi.fn((url: string) =>
        url.startsWith('/api/search?') ? full() : json(literal),
      ) as unknown as typeof fetch;

    it('shows the close spelling of the results page as its own group when nothing matches literally', async () => {
      const fetcher = routes([], () => json(page('necklace', [NECKLACE])));
      const input = renderBox(fetcher, '/en-in/faq');
      await typeAndWait(input, 'neckalce');
      expect(vi.mocked(fetcher).mock.calls.map((call) => call[0])).toEqual([
        '/api/products/product?search=neckalce',
        '/api/search?q=neckalce',
      ]);
      const group = screen.getByRole('list', { name: 'Did you mean “necklace”?' });
      expect(group).toHaveTextContent('Pearl Necklace');
      expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
      expect(screen.queryByText('No product found')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Pearl Necklace NK-9' })).toHaveAttribute(
        'href',
        `/en-in/singleproduct/${NECKLACE._id}`,
      );
      expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute(
        'href',
        '/en-in/search?q=neckalce',
      );
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      expect(screen.getByRole('link', { name: 'Pearl Necklace NK-9' })).toHaveFocus();
    });

    it('never asks for close spellings beside literal results', async () => {
      const fetcher = routes([RING], () => json(page('necklace', [NECKLACE])));
      const input = renderBox(fetcher);
      await typeAndWait(input, 'ruby');
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('list', { name: 'Search results' })).toHaveTextContent('Ruby Cocktail Ring');
      expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
      expect(screen.queryByText('Pearl Necklace')).not.toBeInTheDocument();
    });

    it('says No product found when the results page corrected nothing', async () => {
      const uncorrected = renderBox(routes([], () => json(page(null, [NECKLACE]))));
      await typeAndWait(uncorrected, 'silver earrings');
      expect(screen.getByText('No product found')).toBeInTheDocument();
      expect(screen.queryByText('Pearl Necklace')).not.toBeInTheDocument();
    });

    it('marks the group in Hindi on a Hindi page', async () => {
      renderWithProviders(<SearchBox fetcher={routes([], () => json(page('necklace', [NECKLACE])))} />, {
        path: '/hi',
        language: 'hi',
      });
      await typeAndWait(screen.getByRole('searchbox', { name: 'उत्पाद खोजें' }), 'neckalce');
      const group = screen.getByRole('list', { name: 'क्या आपका मतलब “necklace” था?' });
      expect(group).toHaveTextContent('Pearl Necklace');
      expect(screen.getByRole('link', { name: 'Pearl Necklace NK-9' })).toHaveAttribute(
        'href',
        `/hi/singleproduct/${NECKLACE._id}`,
      );
    });

    it('says No product found when the results page fails', async () => {
      const input = renderBox(routes([], () => json({ message: 'boom' }, 500)));
      await typeAndWait(input, 'neckalce');
      expect(screen.getByText('No product found')).toBeInTheDocument();
      expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    });
  });
});
