import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function renderBox(fetcher: typeof fetch, at = '/') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <SearchBox fetcher={fetcher} />
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

  it('lists results with picture, name and a prefixed link to the product', async () => {
    const input = renderBox(vi.fn(() => json([RING])) as unknown as typeof fetch, '/en-in/faq');
    await typeAndWait(input, 'ruby');
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(list).toHaveClass('max-h-[15rem]', 'overflow-y-auto');
    const link = screen.getByRole('link', { name: 'Ruby Cocktail Ring' });
    expect(link).toHaveAttribute('href', `/en-in/singleproduct/${RING._id}`);
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/abc?w=400&h=400&fit=cover&q=86');
  });

  it('shows Loading... while waiting for the answer', async () => {
    let answer: (value: Response) => void = () => {};
    const fetcher = vi.fn(
      () => new Promise<Response>((resolve) => (answer = resolve)),
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
    expect(screen.getByRole('link', { name: 'Ruby Cocktail Ring' })).toBeInTheDocument();
    await typeAndWait(input, '');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('drops an answer that arrives after a newer query started', async () => {
    const answers: ((value: Response) => void)[] = [];
    const fetcher = vi.fn(
      () => new Promise<Response>((resolve) => answers.push(resolve)),
    ) as unknown as typeof fetch;
    const input = renderBox(fetcher);
    await typeAndWait(input, 'ruby');
    await typeAndWait(input, 'emerald');
    await act(async () => {
      answers[1]?.(new Response('[]', { status: 200 }));
      answers[0]?.(new Response(JSON.stringify([RING]), { status: 200 }));
    });
    expect(screen.getByText('No product found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ruby Cocktail Ring' })).not.toBeInTheDocument();
  });
});
