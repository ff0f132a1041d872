import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import { ApiError } from '~/lib/api-client';
import { ProductForm } from './product-form';

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'ring.png', { type: 'image/png' });

const product: Product = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Kundan Ring',
  description: 'Brass',
  category: 'Rings',
  subcategory: 'withgemstone',
  code: 'KR-1',
  price: 0,
  imageUrl: '/media/abc',
  imageurl: '/media/abc',
  cloudinaryId: 'abc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSubmit = vi.fn<(form: FormData, onProgress: (f: number) => void) => Promise<void>>(
    async () => undefined,
  );
  render(
    <MemoryRouter>
      <ProductForm
        onSubmit={onSubmit}
        submitText="Add Product"
        failureText="An error occurred while adding the product"
        {...props}
      />
    </MemoryRouter>,
  );
  return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, user: userEvent.setup() };
}

async function fillFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Product Name/), 'Polki Pendant');
  await user.type(screen.getByLabelText(/Description/), 'Silver');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Pendants');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Subcategory/ }), 'withoutgemstone');
  await user.type(screen.getByLabelText(/Product Code/), 'PP-9');
}

describe('ProductForm', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("says 'All fields are required' and marks the empty fields, sending nothing", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/Product Name/), 'Only a name');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('All fields are required');
    // The sentence once, not once per empty field; each empty field is marked and described.
    expect(screen.getAllByText('All fields are required')).toHaveLength(1);
    expect(screen.getByLabelText(/Product Code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Product Code/)).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/Product Name/)).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for an image when adding: 'Please select a product image'", async () => {
    const { onSubmit, user } = renderForm();
    await fillFields(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Please select a product image');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image, and one of 5MB or more', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText(/Product Image/);
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(screen.getByText('Only image files are allowed (JPEG, PNG, etc.)')).toBeInTheDocument();
    const big = png();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByText('Image size must be less than 5MB')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
  });

  it('previews the chosen image and sends every field with it, showing Uploading... meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      (_form: FormData, onProgress: (f: number) => void) =>
        new Promise<void>((resolve) => {
          onProgress(0.5);
          finish = resolve;
        }),
    );
    const { user } = renderForm({ onSubmit });
    await fillFields(user);
    await user.upload(screen.getByLabelText(/Product Image/), png());
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '0.5');
    const form = onSubmit.mock.calls[0]![0];
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'image'))).toEqual({
      name: 'Polki Pendant',
      description: 'Silver',
      category: 'Pendants',
      subcategory: 'withoutgemstone',
      code: 'PP-9',
    });
    expect(form.get('image')).toBeInstanceOf(File);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled());
  });

  it("shows the server's message and its field issues, or the no-response text", async () => {
    const onSubmit = vi
      .fn<(form: FormData, onProgress: (f: number) => void) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError(409, 'A product with this code exists', 'CONFLICT', [
          { path: 'code', message: 'code is taken' },
        ]),
      )
      .mockRejectedValueOnce(new ApiError(0, 'offline'));
    const { user } = renderForm({ onSubmit });
    await fillFields(user);
    await user.upload(screen.getByLabelText(/Product Image/), png());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('A product with this code exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/Product Code/)).toHaveAccessibleDescription('code is taken');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('No response from server. Please try again.')).toBeInTheDocument();
  });

  it("edits without a new image, and a failure reads 'Failed to update product.' with the reason", async () => {
    const onSubmit = vi
      .fn<(form: FormData, onProgress: (f: number) => void) => Promise<void>>()
      .mockRejectedValue(new ApiError(500, 'Server error: 500'));
    const { user } = renderForm({
      product,
      onSubmit,
      submitText: 'Update Product',
      failureText: 'Failed to update product.',
      isFailureTextFirst: true,
    });
    expect(screen.getByLabelText(/Product Name/)).toHaveValue('Kundan Ring');
    expect(screen.getByRole('img', { name: 'Current image' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update product.');
    expect(alert).toHaveTextContent('Server error: 500');
    expect(onSubmit.mock.calls[0]![0].get('image')).toBeNull();
  });

  it('draws the listed fields of the product by their kind, filled from the product, and sends them as typed', async () => {
    const { onSubmit, user } = renderForm({
      product: { ...product, weightGrams: 12.5, minOrderQuantity: 6, tags: ['bridal', 'temple'] },
      attributeLists: { metal: [], finish: [], stone: [], colour: [] },
      submitText: 'Update Product',
    });
    const weight = screen.getByLabelText(/Approx. weight/);
    expect(weight).toHaveValue('12.5');
    expect(weight).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(/Minimum order quantity/)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/^Tags/)).toHaveValue('bridal, temple');
    expect(screen.getByText('Separated by commas, up to 20.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Minimum order quantity/));
    await user.clear(weight);
    await user.type(weight, ' 8.25 ');
    await user.type(screen.getByLabelText(/^Collection/), 'Rajwada');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.get('weightGrams')).toBe('8.25');
    // A blank number box clears the product's value: it is sent, empty.
    expect(sent.get('minOrderQuantity')).toBe('');
    expect(sent.get('tags')).toBe('bridal, temple');
    expect(sent.get('collection')).toBe('Rajwada');
  });

  it('leaves the listed fields out without the attribute lists, so the product keeps them', async () => {
    const { onSubmit, user } = renderForm({ product, submitText: 'Update Product' });
    expect(screen.queryByLabelText(/Approx. weight/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0].has('weightGrams')).toBe(false);
  });
});
