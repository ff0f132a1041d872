import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Blog } from '@catalogue/shared/schemas/blog';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { BlogForm } from './blog-form';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const POST: Blog = {
  _id: '5f0c1f53-2d5e-4d0e-9b8e-0a1b2c3d4e5f',
  title: 'Kundan work explained',
  slug: 'kundan-work-explained',
  content: '<p>Gold foil set by hand.</p>',
  excerpt: 'How kundan is set',
  metaTitle: 'Kundan',
  metaDescription: 'Kundan setting in Jaipur',
  image: '/media/abc',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function renderForm(props: { mode: 'create' } | { mode: 'edit'; blog: Blog }) {
  const Stub = createRoutesStub([
    { path: '/uploadblog', Component: () => <BlogForm {...props} /> },
    { path: '/blogs/:slug', Component: () => <p>Published post page</p> },
    { path: '/dashboard', Component: () => <p>Dashboard page</p> },
  ]);
  render(<Stub initialEntries={['/uploadblog']} />);
}

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input, textarea' });
const editor = () => screen.getByRole('textbox', { name: /Content/ });

function typeContent(html: string) {
  editor().innerHTML = html;
  fireEvent.input(editor());
}

const submitButton = (name: RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  api.mockReset();
  // The preview pane asks the server; answer like it does.
  api.mockImplementation(async (path, options) => {
    if (path === '/blogs/preview') return { html: (options?.json as { content: string }).content };
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => vi.useRealTimers());

describe('BlogForm counters and validation', () => {
  it('counts characters live against 160, 60 and 160, and flags a field past its maximum', () => {
    renderForm({ mode: 'create' });
    expect(screen.getAllByText('0/160')).toHaveLength(2);
    expect(screen.getByText('0/60')).toBeInTheDocument();

    fireEvent.change(field('Excerpt'), { target: { value: 'Hand-set 💎' } });
    expect(screen.getByText('10/160')).toBeInTheDocument();

    fireEvent.change(field('Meta Title'), { target: { value: 'x'.repeat(61) } });
    expect(screen.getByText('61/60')).toBeInTheDocument();
    expect(screen.getByText('At most 60 characters')).toBeInTheDocument();
    expect(field('Meta Title')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(field('Meta Title'), { target: { value: 'x'.repeat(60) } });
    expect(screen.queryByText('At most 60 characters')).not.toBeInTheDocument();
  });

  it('requires a title and content that shows something, and sends nothing until they are there', () => {
    renderForm({ mode: 'create' });
    typeContent('<p><br></p>');
    fireEvent.click(submitButton(/Upload Blog/));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(screen.getByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith('/blogs/create', expect.anything());
  });

  it('blocks submit while the image is 2MB or more and unblocks with a smaller one', () => {
    renderForm({ mode: 'create' });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(field('Image'), { target: { files: [big] } });
    expect(screen.getByText('Image must be less than 2MB')).toBeInTheDocument();
    expect(submitButton(/Upload Blog/)).toBeDisabled();

    const small = new File([new Uint8Array(1000)], 'small.png', { type: 'image/png' });
    fireEvent.change(field('Image'), { target: { files: [small] } });
    expect(screen.queryByText('Image must be less than 2MB')).not.toBeInTheDocument();
    expect(submitButton(/Upload Blog/)).toBeEnabled();
  });
});

describe('BlogForm sending', () => {
  it('on 201 shows the success message, clears the form and opens the post after 1.5 s', async () => {
    vi.useFakeTimers();
    renderForm({ mode: 'create' });
    api.mockImplementation(async (path) => {
      if (path === '/blogs/create') return { message: 'Blog uploaded successfully', slug: 'jaipur-gems' };
      return { html: '' };
    });
    fireEvent.change(field(/^Title/), { target: { value: 'Jaipur gems' } });
    typeContent('<p>Emeralds and <b>rubies</b>.</p>');
    fireEvent.change(field('Excerpt'), { target: { value: 'Gems' } });
    await act(async () => {
      fireEvent.click(submitButton(/Upload Blog/));
    });

    const [, options] = api.mock.calls.find(([path]) => path === '/blogs/create')!;
    const sent = options!.form!;
    expect(sent.get('title')).toBe('Jaipur gems');
    expect(sent.get('content')).toBe('<p>Emeralds and <b>rubies</b>.</p>');
    expect(sent.get('excerpt')).toBe('Gems');
    expect(screen.getByText('Blog uploaded successfully ✅')).toBeInTheDocument();
    expect(field(/^Title/)).toHaveValue('');
    expect(editor().innerHTML).toBe('');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1400);
    });
    expect(screen.queryByText('Published post page')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByText('Published post page')).toBeInTheDocument();
  });

  it("shows the server's message and field issue, or the generic text when no answer came", async () => {
    renderForm({ mode: 'create' });
    fireEvent.change(field(/^Title/), { target: { value: 'Jaipur gems' } });
    typeContent('<p>Text</p>');
    api.mockRejectedValueOnce(
      new ApiError(400, 'excerpt must be at most 160 characters', 'VALIDATION', [
        { path: 'excerpt', message: 'excerpt must be at most 160 characters' },
      ]),
    );
    await act(async () => {
      fireEvent.click(submitButton(/Upload Blog/));
    });
    expect(screen.getAllByText('excerpt must be at most 160 characters')).toHaveLength(2);

    api.mockRejectedValueOnce(new ApiError(0, 'No response from server. Please try again.'));
    await act(async () => {
      fireEvent.click(submitButton(/Upload Blog/));
    });
    expect(screen.getByText('❌ Error uploading blog.')).toBeInTheDocument();
    expect(field(/^Title/)).toHaveValue('Jaipur gems');
  });

  it('edits a post: its values are filled in, the update is sent, then the dashboard after 1.5 s', async () => {
    vi.useFakeTimers();
    renderForm({ mode: 'edit', blog: POST });
    expect(field(/^Title/)).toHaveValue(POST.title);
    expect(editor().innerHTML).toBe(POST.content);
    expect(screen.getByText('17/160')).toBeInTheDocument();
    api.mockImplementation(async (path) => {
      if (path === `/blogs/${POST._id}`) return { message: 'Blog updated successfully', blog: POST };
      return { html: POST.content };
    });
    fireEvent.change(field('Meta Title'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remove the current image' }));
    await act(async () => {
      fireEvent.click(submitButton(/Update Blog/));
    });
    const [, options] = api.mock.calls.find(([path]) => path === `/blogs/${POST._id}`)!;
    expect(options!.method).toBe('PUT');
    expect(options!.form!.get('metaTitle')).toBe('');
    expect(options!.form!.get('removeImage')).toBe('true');
    expect(screen.getByText('Blog updated successfully ✅')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });
});

describe('BlogForm preview', () => {
  it("shows the server's sanitised HTML of the content a moment after typing stops", async () => {
    vi.useFakeTimers();
    api.mockImplementation(async () => ({ html: '<p>Clean</p>' }));
    renderForm({ mode: 'create' });
    typeContent('<p onclick="x()">Clean</p><script>x()</script>');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(api).toHaveBeenCalledWith(
      '/blogs/preview',
      expect.objectContaining({
        method: 'POST',
        json: { content: '<p onclick="x()">Clean</p><script>x()</script>' },
      }),
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Clean')).toBeInTheDocument();
    expect(screen.getByTestId('blog-preview').innerHTML).toBe('<p>Clean</p>');
  });
});
