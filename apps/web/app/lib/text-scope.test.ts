import { describe, expect, it } from 'vitest';
import { isAdminPath, scopeTexts } from './text-scope';

describe('text scope', () => {
  it('recognises the admin screens with or without a prefix', () => {
    for (const path of [
      '/dashboard',
      '/hi/orderlist',
      '/en-in/admin/edit-blog/1',
      '/excelfile',
      '/blog-list',
    ])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ['/', '/blogs', '/hi/blogs/a', '/category/Rings', '/administration-guide'])
      expect(isAdminPath(path), path).toBe(false);
  });

  it('leaves the admin texts out of storefront pages only', () => {
    const texts = { common: {}, admin: {}, home: {} };
    expect(Object.keys(scopeTexts(texts, '/faq'))).toEqual(['common', 'home']);
    expect(Object.keys(scopeTexts(texts, '/dashboard'))).toEqual(['common', 'admin', 'home']);
  });
});
