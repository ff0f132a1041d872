import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_STORAGE_KEY, enquiryStore } from '~/lib/enquiry/enquiry-store';
import { ProductCard } from '~/features/catalogue/product-card';
import { PLACEHOLDER_IMAGE } from '~/components/ui/fallback-image';
import { makeProduct, renderWithProviders } from '~/lib/test-utils';

const storedQuantity = (id: string) =>
  (JSON.parse(localStorage.getItem(ENQUIRY_STORAGE_KEY) ?? '[]') as { _id: string; quantity: number }[]).find(
    (l) => l._id === id,
  )?.quantity ?? 0;

describe('ProductCard', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('shows the New badge, name, category, SKU and links to the product page', () => {
    const product = makeProduct({
      name: 'Lotus Ring',
      category: 'Rings',
      code: 'LR-7',
      createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
    });
    renderWithProviders(<ProductCard product={product} />);
    const card = screen.getByRole('article', { name: 'Lotus Ring' });
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByText('Rings')).toBeInTheDocument();
    expect(within(card).getByText('LR-7')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Lotus Ring' })).toHaveAttribute(
      'href',
      `/singleproduct/${product._id}`,
    );
  });

  it('shows no New badge on a product added more than 30 days ago', () => {
    const product = makeProduct({
      name: 'Old Bangle',
      createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString(),
    });
    renderWithProviders(<ProductCard product={product} />);
    expect(
      within(screen.getByRole('article', { name: 'Old Bangle' })).queryByText('New'),
    ).not.toBeInTheDocument();
  });

  it('shows N/A when the product has no code', () => {
    renderWithProviders(<ProductCard product={makeProduct({ code: '' })} />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('keeps the locale prefix on its links', () => {
    const product = makeProduct();
    renderWithProviders(<ProductCard product={product} />, { path: '/en-in/shopall' });
    expect(screen.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/en-in/singleproduct/${product._id}`,
    );
  });

  it('walks through the list states: add, quantity by buttons and typing, remove', async () => {
    const user = userEvent.setup();
    const product = makeProduct({ name: 'Moon Pendant' });
    renderWithProviders(<ProductCard product={product} />);

    await user.click(screen.getByRole('button', { name: 'Add To Enquiry List' }));
    expect(screen.queryByRole('button', { name: 'Add To Enquiry List' })).not.toBeInTheDocument();
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Moon Pendant' });
    expect(input).toHaveValue(1);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('min', '1');
    expect(storedQuantity(product._id)).toBe(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity of Moon Pendant' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Moon Pendant' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Moon Pendant' }));
    expect(input).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Moon Pendant' }));
    expect(input).toHaveValue(2);
    expect(storedQuantity(product._id)).toBe(2);

    fireEvent.change(input, { target: { value: '12' } });
    expect(input).toHaveValue(12);
    expect(storedQuantity(product._id)).toBe(12);

    // Typed values below 1 are raised to 1 on a card.
    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue(1);
    expect(storedQuantity(product._id)).toBe(1);

    // An emptied box does not change the list and shows the real quantity again on blur.
    fireEvent.change(input, { target: { value: '' } });
    expect(storedQuantity(product._id)).toBe(1);
    fireEvent.blur(input);
    expect(input).toHaveValue(1);

    await user.click(screen.getByRole('button', { name: 'Remove from List' }));
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add To Enquiry List' })).toHaveFocus();
    expect(storedQuantity(product._id)).toBe(0);
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
  });

  it('lowers a typed quantity above 10,000 to 10,000 and says so until the next change', async () => {
    const user = userEvent.setup();
    const product = makeProduct({ name: 'Moon Pendant' });
    enquiryStore.add(product, 3);
    renderWithProviders(<ProductCard product={product} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Moon Pendant' });
    expect(input).toHaveAttribute('max', '10000');

    fireEvent.change(input, { target: { value: '25000' } });
    expect(input).toHaveValue(10000);
    expect(storedQuantity(product._id)).toBe(10000);
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum quantity is 10,000');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Increase quantity of Moon Pendant' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Moon Pendant' }));
    expect(storedQuantity(product._id)).toBe(9999);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    fireEvent.change(input, { target: { value: '0' } });
    expect(storedQuantity(product._id)).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum quantity is 1');
  });

  it("adds a design at its minimum order and says 'Minimum order is 6' while below it", async () => {
    const user = userEvent.setup();
    const product = makeProduct({ name: 'Jhumka Pair', minOrderQuantity: 6 });
    renderWithProviders(<ProductCard product={product} />);
    await user.click(screen.getByRole('button', { name: 'Add To Enquiry List' }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Jhumka Pair' });
    expect(input).toHaveValue(6);
    expect(storedQuantity(product._id)).toBe(6);
    expect(screen.queryByText('Minimum order is 6')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    // Fewer is the buyer's choice to make, and the card says what the design asks for.
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Jhumka Pair' }));
    expect(storedQuantity(product._id)).toBe(5);
    const notice = screen.getByText('Minimum order is 6');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(notice.id);

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Jhumka Pair' }));
    expect(screen.queryByText('Minimum order is 6')).not.toBeInTheDocument();
  });

  it('says the minimum order in Hindi on a Hindi page', async () => {
    const user = userEvent.setup();
    const product = makeProduct({ name: 'Kada', minOrderQuantity: 12 });
    renderWithProviders(<ProductCard product={product} />, { path: '/hi/shopall', language: 'hi' });
    await user.click(screen.getByRole('button', { name: 'पूछताछ सूची में जोड़ें' }));
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '3' } });
    expect(screen.getByText('न्यूनतम ऑर्डर 12 है')).toBeInTheDocument();
  });

  it('shows the quantity control for a product already in the list, and every card agrees', async () => {
    const user = userEvent.setup();
    const product = makeProduct({ name: 'Twin' });
    enquiryStore.add(product, 5);
    renderWithProviders(
      <>
        <ProductCard product={product} />
        <ProductCard product={product} />
      </>,
    );
    const inputs = screen.getAllByRole('spinbutton', { name: 'Quantity of Twin' });
    expect(inputs.map((i) => (i as HTMLInputElement).value)).toEqual(['5', '5']);
    await user.click(screen.getAllByRole('button', { name: 'Increase quantity of Twin' })[0]!);
    expect(inputs.map((i) => (i as HTMLInputElement).value)).toEqual(['6', '6']);
  });

  it('uses the listing size with a 1200 px entry for wide cards, loads lazily, and falls back to the placeholder on error', () => {
    const product = makeProduct({ imageUrl: '/media/abc', imageurl: '/media/abc' });
    const { container } = renderWithProviders(<ProductCard product={product} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/abc?w=600&h=600&fit=inside&q=86');
    expect(img.getAttribute('srcset')).toBe(
      '/media/abc?w=600&h=600&fit=inside&q=86 600w, /media/abc?w=600&h=600&fit=inside&q=86&dpr=2 1200w',
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 25vw, 50vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '600');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('loads at once when it is in the first screenful, and shows the placeholder when there is no image', () => {
    const product = makeProduct({ imageUrl: null, imageurl: null, cloudinaryId: null });
    const { container } = renderWithProviders(<ProductCard product={product} priority />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('speaks Hindi under /hi', () => {
    renderWithProviders(<ProductCard product={makeProduct({ category: 'Necklaces', code: '' })} />, {
      language: 'hi',
      path: '/hi/shopall',
    });
    expect(screen.getByRole('button', { name: 'पूछताछ सूची में जोड़ें' })).toBeInTheDocument();
    expect(screen.getByText('हार')).toBeInTheDocument();
    expect(screen.getByText('उपलब्ध नहीं')).toBeInTheDocument();
  });
});
