import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogListSchema, type BlogListItem } from '@catalogue/shared/schemas/blog';
import type * as ApiClient from '~/lib/api-client';
import { apiRequest, getJson } from '~/lib/api-client';
import { performWrite } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { fetchAnswering, renderLoaded } from '~/lib/test-routes';
import { BlogList, contentStart, sendBlogListWrite, type BlogListWrite } from './blog-list';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

// As the route's loader asks (the posts without their text), and its action writes.
const showBlogs = () =>
  renderLoaded(BlogList, () => settle(getJson('/blogs?withContent=0', blogListSchema)), {
    act: ({ request }) => performWrite<BlogListWrite>(request, sendBlogListWrite),
  });

beforeEach(() => {
  api.mockReset();
  fetchAnswering(api);
});
afterEach(() => vi.unstubAllGlobals());

describe('contentStart', () => {
  it('cuts the admin content column at 50 whole characters', () => {
    const post = { contentPreview: `${'a'.repeat(49)}💎 and more` } as BlogListItem;
    expect(contentStart(post)).toBe(`${'a'.repeat(49)}💎`);
  });
});

describe('BlogList', () => {
  it('lists posts with the start of their text and deletes after "Are you sure to delete this blog?"', async () => {
    const post: BlogListItem = {
      _id: 'b1',
      title: 'Kundan work',
      slug: 'kundan-work',
      excerpt: '',
      metaTitle: '',
      metaDescription: '',
      image: null,
      contentPreview: 'Kundan is an old Rajasthani way of setting stones in gold foil, by hand.',
      createdAt: '2024-03-05T10:30:00.000Z',
      updatedAt: '2024-03-05T10:30:00.000Z',
    };
    let blogs = [post];
    api.mockImplementation(async (path, options) => {
      if (options?.method === 'DELETE') {
        blogs = [];
        return { message: 'Blog deleted successfully' };
      }
      return { blogs };
    });
    showBlogs();
    expect(await screen.findByText('Kundan work')).toBeInTheDocument();
    // The list asks for the lighter answer: every post's full HTML is not needed here.
    expect(api.mock.calls[0]?.[0]).toBe('/blogs?withContent=0');
    expect(
      screen.getByRole('cell', { name: 'Kundan is an old Rajasthani way of setting stones' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Kundan work' })).toHaveAttribute(
      'href',
      '/admin/edit-blog/b1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Kundan work' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure to delete this blog?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(api).toHaveBeenCalledWith('/blogs/b1', { method: 'DELETE' });
    expect(await screen.findByText('No blogs yet.')).toBeInTheDocument();
  });
});
