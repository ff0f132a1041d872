import { fireEvent, screen, within } from '@testing-library/react';
import { PAGE_FIELDS } from '@catalogue/shared/schemas/product-fields';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SITE } from '@catalogue/shared/domain/site';
import { enquiryStore } from '~/lib/enquiry/enquiry-store';
import { ProductDetail, ProductDetailProblem } from '~/features/catalogue/product-detail';
import { makeProduct, renderRoutes } from '~/lib/test-utils';

const product = makeProduct({
  name: 'Peacock Jhumka',
  category: 'Earrings',
  code: 'ER-204',
  description: 'Oxidised silver jhumka with a peacock motif.',
});
const related = [makeProduct({ name: 'Lotus Stud', category: 'Earrings' })];

function renderDetail(p = product, more = related) {
  return renderRoutes(
    [
      {
        path: '/en-in/singleproduct/:id',
        Component: () => <ProductDetail product={p} related={more} specFields={PAGE_FIELDS} />,
      },
    ],
    { path: `/en-in/singleproduct/${p._id}` },
  );
}

describe('ProductDetail', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('shows name, Design Code, category, description, Call Us and Share', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Peacock Jhumka' })).toBeInTheDocument();
    expect(screen.getByText('Design Code').nextElementSibling).toHaveTextContent('ER-204');
    const category = screen.getByText('Category', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(category).getByRole('link', { name: 'Earrings' })).toHaveAttribute(
      'href',
      '/en-in/category/Earrings',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en-in');
    expect(screen.getByText('Oxidised silver jhumka with a peacock motif.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Call Us/ })).toHaveAttribute(
      'href',
      `tel:${SITE.phones.main.tel}`,
    );
    expect(screen.getByRole('button', { name: 'Share Product' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Peacock Jhumka' })).toBeInTheDocument();
  });

  it('shows N/A without a code', async () => {
    renderDetail(makeProduct({ code: '' }), []);
    expect((await screen.findByText('Design Code')).nextElementSibling).toHaveTextContent('N/A');
  });

  it('adds the chosen quantity, ignoring non-numeric or zero input, then edits and removes the line', async () => {
    const user = userEvent.setup();
    renderDetail();
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Peacock Jhumka' });
    expect(input).toHaveValue(1);

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Peacock Jhumka' }));
    expect(input).toHaveValue(2);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(input).toHaveValue(2);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input).toHaveValue(2);
    fireEvent.change(input, { target: { value: '5' } });
    expect(input).toHaveValue(5);
    expect(enquiryStore.getSnapshot()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add to List' }));
    expect(enquiryStore.getSnapshot()).toEqual([expect.objectContaining({ _id: product._id, quantity: 5 })]);

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Peacock Jhumka' }));
    expect(enquiryStore.getSnapshot()[0]?.quantity).toBe(6);
    fireEvent.change(input, { target: { value: '0' } });
    expect(enquiryStore.getSnapshot()[0]?.quantity).toBe(6);

    await user.click(screen.getByRole('button', { name: 'Remove from List' }));
    expect(enquiryStore.getSnapshot()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add to List' })).toBeInTheDocument();
  });

  it('starts at the design’s minimum order, says so below it, and the line keeps the minimum', async () => {
    const user = userEvent.setup();
    const bangle = makeProduct({ name: 'Meena Bangle', minOrderQuantity: 12 });
    renderDetail(bangle);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Meena Bangle' });
    expect(input).toHaveValue(12);
    expect(screen.queryByText('Minimum order is 12')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: '4' } });
    expect(input).toHaveValue(4);
    expect(screen.getByText('Minimum order is 12')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add to List' }));
    expect(enquiryStore.getSnapshot()).toEqual([
      expect.objectContaining({ _id: bangle._id, quantity: 4, minOrderQuantity: 12 }),
    ]);
    expect(screen.getByText('Minimum order is 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove from List' }));
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByText('Minimum order is 12')).not.toBeInTheDocument();
  });

  it('lowers a typed quantity above 10,000 to 10,000, before and after adding, and says so', async () => {
    const user = userEvent.setup();
    renderDetail();
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Peacock Jhumka' });
    fireEvent.change(input, { target: { value: '10001' } });
    expect(input).toHaveValue(10000);
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum quantity is 10,000');
    await user.click(screen.getByRole('button', { name: 'Add to List' }));
    expect(enquiryStore.getSnapshot()).toEqual([
      expect.objectContaining({ _id: product._id, quantity: 10000 }),
    ]);

    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByText('Maximum quantity is 10,000')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: '999999' } });
    expect(enquiryStore.getSnapshot()[0]?.quantity).toBe(10000);
    expect(screen.getByText('Maximum quantity is 10,000')).toBeInTheDocument();
  });

  it('shows more designs from the same category below the product', async () => {
    renderDetail();
    const block = await screen.findByRole('region', { name: 'More Earrings you may like' });
    expect(within(block).getByRole('article', { name: 'Lotus Stud' })).toBeInTheDocument();
  });
});

describe('ProductDetailProblem', () => {
  it('says Product not found, or that fetching failed', async () => {
    renderRoutes([{ path: '/', Component: () => <ProductDetailProblem isNotFound /> }]);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });

  it('says Failed to fetch product details. otherwise', async () => {
    renderRoutes([{ path: '/', Component: () => <ProductDetailProblem isNotFound={false} /> }]);
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch product details.' }),
    ).toBeInTheDocument();
  });
});
