import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GallerySaved, ProductImage } from '@catalogue/shared/schemas/product-gallery';
import type * as apiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { fetchAnswering } from '~/lib/test-routes';
import { GalleryEditor, moveItem } from './gallery-editor';

vi.mock('~/lib/api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const PRODUCT = '00000000-0000-4000-8000-000000000001';
const picture = (n: number, alt = ''): ProductImage => ({
  _id: `00000000-0000-4000-9000-00000000000${n}`,
  url: `https://shop.example/media/00000000-0000-4000-a000-00000000000${n}`,
  alt,
  altHi: '',
  width: 800,
  height: 800,
});
const three = [picture(1, 'Front'), picture(2, 'Side'), picture(3, 'Back')];
const saved = (images: ProductImage[]): GallerySaved => ({ message: 'ok', images });
const order = () =>
  within(screen.getByRole('list', { name: 'Pictures' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));
const setup = (images = three) => {
  render(<GalleryEditor productId={PRODUCT} initial={images} />);
  return userEvent.setup({ applyAccept: false });
};
const png = (name: string, size = 1000) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('moveItem', () => {
  it('moves one item and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('GalleryEditor', () => {
  // The gallery's re-read after uploads goes through `getJson`, which meets the same answers.
  beforeEach(() => {
    fetchAnswering(request);
  });
  afterEach(() => {
    request.mockReset();
    vi.unstubAllGlobals();
  });

  it('reorders by keyboard: the Later button moves the picture, saves the order and announces it', async () => {
    request.mockImplementation(async (_path, options) =>
      saved((options?.json as { ids: string[] }).ids.map((id) => three.find((p) => p._id === id)!)),
    );
    const user = setup();
    expect(order()).toEqual(['Front', 'Side', 'Back']);
    screen.getByRole('button', { name: 'Move picture 1 later' }).focus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Side', 'Front', 'Back']);
    expect(request).toHaveBeenCalledWith(`/products/admin/${PRODUCT}/images/order`, {
      method: 'PUT',
      json: { ids: [three[1]!._id, three[0]!._id, three[2]!._id] },
    });
    expect(screen.getByText('Picture moved to position 2 of 3')).toBeInTheDocument();
    // The focus follows the moved picture, so pressing again keeps moving it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move picture 2 later' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Side', 'Back', 'Front']);
    expect(screen.getByText('Picture moved to position 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move picture 3 later' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move picture 1 earlier' })).toBeDisabled();
  });

  it('sends quick moves one at a time, in order, and shows the newest answer', async () => {
    // Each save waits until the test answers it; the server's answer may carry newer alt texts.
    const answers: Array<(alt?: (p: ProductImage) => string) => void> = [];
    request.mockImplementation(
      (_path, options) =>
        new Promise((resolve) =>
          answers.push((alt = (p) => p.alt) => {
            const ids = (options?.json as { ids: string[] }).ids;
            const images = ids.map((id) => three.find((p) => p._id === id)!);
            resolve(saved(images.map((p) => ({ ...p, alt: alt(p) }))));
          }),
        ),
    );
    const user = setup();
    screen.getByRole('button', { name: 'Move picture 1 later' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move picture 2 later' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Side', 'Back', 'Front']);
    // The second order waits for the first save's answer: sent together, the two could reach the
    // server the other way round and leave the older order saved.
    expect(request).toHaveBeenCalledTimes(1);
    answers[0]!();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request).toHaveBeenLastCalledWith(`/products/admin/${PRODUCT}/images/order`, {
      method: 'PUT',
      json: { ids: [three[1]!._id, three[2]!._id, three[0]!._id] },
    });
    // The first save's answer holds the older order: it is not shown over the newer one.
    expect(order()).toEqual(['Side', 'Back', 'Front']);
    // The newest save's answer is what the list shows.
    answers[1]!((p) => `${p.alt} (saved)`);
    await waitFor(() => expect(order()).toEqual(['Side (saved)', 'Back (saved)', 'Front (saved)']));
    expect(request).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/Could not save/)).not.toBeInTheDocument();
  });

  it('puts the order back and says why when the server refuses it', async () => {
    request.mockRejectedValue(
      new ApiError(400, "The order must list each of the product's pictures exactly once"),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    await waitFor(() => expect(order()).toEqual(['Front', 'Side', 'Back']));
    expect(screen.getByText(/Could not save the change: The order must list/)).toBeInTheDocument();
  });

  it('sends each chosen file on its own and refuses a wrong type, a large file and a 13th picture', async () => {
    const eleven = Array.from({ length: 9 }, (_, i) => picture(i + 1));
    request.mockImplementation(async (path) =>
      path.startsWith('/products/single') ? { images: eleven } : saved(eleven),
    );
    const user = setup(eleven);
    const input = screen.getByLabelText('Add pictures');
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    await user.upload(input, [
      png('a.png'),
      text,
      png('huge.png', 6 * 1024 * 1024),
      png('b.png'),
      png('c.png'),
      png('d.png'),
    ]);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      expect.stringContaining('notes.txt: Only image files are allowed'),
      expect.stringContaining('huge.png: Image size must be less than 5MB'),
      expect.stringContaining('d.png: A product can have at most 12 pictures'),
    ]);
    const uploads = request.mock.calls.filter(([, options]) => options?.method === 'POST');
    expect(uploads).toHaveLength(3);
    for (const [path, options] of uploads) {
      expect(path).toBe(`/products/admin/${PRODUCT}/images`);
      expect((options!.form as FormData).getAll('image')).toHaveLength(1);
      expect(options!.onUploadProgress).toEqual(expect.any(Function));
    }
    // Once the last upload is done the gallery is read again, as the server has it.
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        `/products/single/${PRODUCT}`,
        expect.objectContaining({ method: 'GET' }),
      ),
    );
  });

  it('removes a picture only after the confirmation', async () => {
    request.mockResolvedValue(saved([three[0]!, three[2]!]));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(request).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Remove this picture?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture 2' }));
    expect(request).toHaveBeenCalledWith(`/products/admin/${PRODUCT}/images/${three[1]!._id}`, {
      method: 'DELETE',
    });
    await waitFor(() => expect(order()).toEqual(['Front', 'Back']));
  });

  it('saves both alt texts; Enter saves them instead of submitting the form around it', async () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    request.mockResolvedValue(
      saved([{ ...three[0]!, alt: 'Front view', altHi: 'सामने से' }, three[1]!, three[2]!]),
    );
    render(
      <form onSubmit={onSubmit as never}>
        <GalleryEditor productId={PRODUCT} initial={three} />
      </form>,
    );
    const user = userEvent.setup();
    const [english] = screen.getAllByLabelText('Alt text (English)');
    const [hindi] = screen.getAllByLabelText('Alt text (Hindi)');
    await user.clear(english!);
    await user.type(english!, 'Front view');
    await user.type(hindi!, 'सामने से{Enter}');
    expect(request).toHaveBeenCalledWith(`/products/admin/${PRODUCT}/images/${three[0]!._id}`, {
      method: 'PUT',
      json: { alt: 'Front view', altHi: 'सामने से' },
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Alt text saved')).toBeInTheDocument();
  });
});
