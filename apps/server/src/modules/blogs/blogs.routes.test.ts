import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { blogs } from '../../db/schema/content.ts';
import { media } from '../../db/schema/media.ts';
import { XSS_PAYLOADS } from '../../../test/fixtures/xss-payloads.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

type BlogJson = {
  _id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  image: string | null;
  createdAt: string;
  updatedAt: string;
};

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.database, { role: 'admin' });
  buyer = await createUser(t.database);
  png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#b03060' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

type FormFields = Record<string, string | { data: Buffer; name?: string; type?: string }>;

function form(fields: FormFields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(name, value);
    else
      body.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'image/png' }),
        value.name ?? 'a.png',
      );
  }
  return body;
}

const auth = (user: TestUser | null) => (user ? bearer(user.token) : {});

const create = (fields: FormFields, user: TestUser | null = admin) =>
  t.app.inject({ method: 'POST', url: '/api/blogs/create', headers: auth(user), payload: form(fields) });

const update = (id: string, fields: FormFields, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: auth(user), payload: form(fields) });

async function createOk(fields: FormFields): Promise<BlogJson> {
  const res = await create(fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().blog;
}

const blogCount = async () => (await t.database.db.select({ n: count() }).from(blogs))[0]!.n;
const mediaCount = async () => (await t.database.db.select({ n: count() }).from(media))[0]!.n;
const mediaExists = async (id: string) =>
  (await t.database.db.select({ id: media.id }).from(media).where(eq(media.id, id))).length > 0;
const mediaIdOf = (image: string | null) => image?.replace(/^\/media\//, '') ?? '';

describe('POST /api/blogs/create', () => {
  it('stores a post with its image, sanitised HTML and the default excerpt and metaTitle', async () => {
    const title = 'How Jaipur Became the Jewellery Capital of India, and Why Buyers Still Travel There';
    const res = await create({
      title,
      content:
        '<h2>History</h2><p onclick="alert(1)">Founded in <strong>1727</strong>.</p><script>alert(1)</script>',
      image: { data: png },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Blog uploaded successfully');
    expect(body.slug).toBe(body.blog.slug);
    expect(body.blog).toMatchObject({
      title,
      slug: 'how-jaipur-became-the-jewellery-capital-of-india-and-why-buyers-still-travel',
      content: '<h2>History</h2><p>Founded in <strong>1727</strong>.</p>',
      excerpt: 'History Founded in 1727.',
      metaTitle: title.slice(0, 60).trimEnd(),
      metaDescription: '',
    });
    expect(Object.keys(body.blog).sort()).toEqual(
      [
        '_id',
        'content',
        'createdAt',
        'excerpt',
        'image',
        'metaDescription',
        'metaTitle',
        'slug',
        'title',
        'updatedAt',
      ].sort(),
    );
    expect(body.blog.image).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    expect(await mediaExists(mediaIdOf(body.blog.image))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: body.blog.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('keeps the excerpt and meta fields that were given, and defaults the excerpt to the first 160 characters', async () => {
    const given = await createOk({
      title: 'Given fields',
      content: '<p>Body</p>',
      excerpt: '  A short summary.  ',
      metaTitle: 'Meta title',
      metaDescription: 'Meta description',
    });
    expect(given).toMatchObject({
      excerpt: 'A short summary.',
      metaTitle: 'Meta title',
      metaDescription: 'Meta description',
      image: null,
    });

    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const long = await createOk({ title: 'Long body', content: `<p>${words}</p>`, excerpt: '' });
    expect(long.excerpt).toBe(words.slice(0, 160).trimEnd());
  });

  it('answers 401 without a session and 403 for a buyer, writing nothing', async () => {
    const before = await blogCount();
    const anonymous = await create({ title: 'x', content: '<p>x</p>' }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });
    const asBuyer = await create({ title: 'x', content: '<p>x</p>' }, buyer);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toMatchObject({ message: 'Forbidden' });
    expect(await blogCount()).toBe(before);
  });

  it.each([
    [{ content: '<p>x</p>' }, 'title', 'title is required'],
    [{ title: '   ', content: '<p>x</p>' }, 'title', 'title is required'],
    [{ title: 'No content' }, 'content', 'content is required'],
    [{ title: 'Only a script', content: '<script>alert(1)</script>' }, 'content', 'content is required'],
    [{ title: 'x'.repeat(201), content: '<p>x</p>' }, 'title', 'title must be at most 200 characters'],
    [
      { title: 'x', content: '<p>x</p>', excerpt: 'e'.repeat(161) },
      'excerpt',
      'excerpt must be at most 160 characters',
    ],
    [
      { title: 'x', content: '<p>x</p>', metaTitle: 'm'.repeat(61) },
      'metaTitle',
      'metaTitle must be at most 60 characters',
    ],
    [
      { title: 'x', content: '<p>x</p>', metaDescription: 'd'.repeat(161) },
      'metaDescription',
      'metaDescription must be at most 160 characters',
    ],
  ])('refuses %j with 400 naming %s', async (fields, path, message) => {
    const [blogsBefore, mediaBefore] = [await blogCount(), await mediaCount()];
    const res = await create({ ...fields, image: { data: png } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST' });
    expect(res.json().issues).toContainEqual({ path, message });
    expect([await blogCount(), await mediaCount()]).toEqual([blogsBefore, mediaBefore]);
  });

  it('counts characters, not UTF-16 units: 160 emoji are a valid excerpt', async () => {
    const res = await create({ title: 'Emoji', content: '<p>x</p>', excerpt: '💍'.repeat(160) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an image of 2 MB or more with 413 and a file that is not an image with 415', async () => {
    const [blogsBefore, mediaBefore] = [await blogCount(), await mediaCount()];
    const big = Buffer.concat([png, Buffer.alloc(BLOG_IMAGE_MAX_BYTES + 1 - png.length)]);
    const tooLarge = await create({ title: 'Big', content: '<p>x</p>', image: { data: big } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: 'Image must be less than 2MB' });

    const text = await create({
      title: 'Text',
      content: '<p>x</p>',
      image: { data: Buffer.from('#!/bin/sh\necho pwned\n'), name: 'evil.png', type: 'image/png' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: 'Only image files are allowed (JPEG, PNG, etc.)' });
    expect([await blogCount(), await mediaCount()]).toEqual([blogsBefore, mediaBefore]);
  });

  it('treats an empty file part (a file input left blank) as no image', async () => {
    const blog = await createOk({
      title: 'Blank file input',
      content: '<p>x</p>',
      image: { data: Buffer.alloc(0), name: '' },
    });
    expect(blog.image).toBeNull();
  });

  it('refuses a field longer than the multipart limit with 413 naming it', async () => {
    const res = await create({ title: 'Huge', content: `<p>${'x'.repeat(1024 * 1024)}</p>` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('content is too long');
  });

  it('answers a torn or boundary-less multipart body with 400, not 500', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=xyz', 'no parts at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut off',
      ],
      ['multipart/form-data', '--xyz\r\n'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/create',
        headers: { ...bearer(admin.token), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('The form data is malformed or incomplete');
    }
  });

  it('accepts a JSON body from API clients', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs/create',
      headers: bearer(admin.token),
      payload: { title: 'From JSON', content: '<p>json</p>' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().blog).toMatchObject({ slug: 'from-json', content: '<p>json</p>', image: null });
  });

  it('sanitises every payload of the XSS corpus on the way in', async () => {
    const content = XSS_PAYLOADS.map((p) => `<p>${p.name}</p>${p.html}`).join('\n');
    const blog = await createOk({ title: 'XSS corpus', content });
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.slug}` })).json().blog
      .content as string;
    expect(stored).toBe(blog.content);
    expect(stored).toContain('<p>plain script tag</p>');
    expect(stored).not.toMatch(
      /<(script|iframe|object|embed|svg|math|style|form|input|button|meta|link|base|template|textarea)\b/i,
    );
    for (const tag of stored.match(/<[^>]+>/g) ?? []) {
      expect(tag).not.toMatch(/\son[a-z]+\s*=|javascript:|vbscript:|data:|srcdoc|style=/i);
    }
  });
});

describe('slugs', () => {
  it('makes the slug from the title, with a numeric suffix when taken', async () => {
    const first = await createOk({ title: 'Caring for Plated Jewellery', content: '<p>1</p>' });
    const second = await createOk({ title: 'Caring for plated jewellery!', content: '<p>2</p>' });
    const third = await createOk({ title: 'Caring for Plated Jewellery', content: '<p>3</p>' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'caring-for-plated-jewellery',
      'caring-for-plated-jewellery-2',
      'caring-for-plated-jewellery-3',
    ]);
  });

  it('transliterates Hindi and other scripts, and is never empty', async () => {
    expect((await createOk({ title: 'नमस्ते दुनिया: जयपुर के आभूषण', content: '<p>x</p>' })).slug).toBe(
      'namaste-duniya-jayapur-ke-abhushan',
    );
    expect((await createOk({ title: 'Ювелирные изделия', content: '<p>x</p>' })).slug).toBe(
      'yuvelirnye-izdeliya',
    );
    expect((await createOk({ title: '💍✨', content: '<p>x</p>' })).slug).toBe('blog');
    expect((await createOk({ title: '💎', content: '<p>x</p>' })).slug).toBe('blog-2');
  });

  it('gives concurrent posts with the same title distinct slugs', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create({ title: 'Same title at once', content: `<p>${i}</p>` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const slugs = results.map((r) => r.json().slug as string);
    expect(new Set(slugs).size).toBe(5);
    expect(slugs.sort()).toEqual(
      ['same-title-at-once', ...[2, 3, 4, 5].map((n) => `same-title-at-once-${n}`)].sort(),
    );
  });
});

describe('reading posts', () => {
  let ordered: BlogJson[];
  beforeAll(async () => {
    // Own data with distinct, known dates, newest last.
    ordered = [];
    for (let i = 0; i < 5; i++) {
      const blog = await createOk({
        title: `Reading ${i}`,
        content: `<p>${'Text '.repeat(60)}${i}</p>`,
        image: { data: png },
      });
      const at = new Date(Date.UTC(2030, 0, i + 1));
      await t.database.db.update(blogs).set({ createdAt: at, updatedAt: at }).where(eq(blogs.id, blog._id));
      ordered.push({ ...blog, createdAt: at.toISOString(), updatedAt: at.toISOString() });
    }
  });

  it('lists newest first; withContent=0 leaves the full content out but keeps a plain-text preview', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs?withContent=0' });
    expect(res.statusCode).toBe(200);
    const list = res.json().blogs as (BlogJson & { contentPreview: string })[];
    expect(list.slice(0, 5).map((b) => b.title)).toEqual([
      'Reading 4',
      'Reading 3',
      'Reading 2',
      'Reading 1',
      'Reading 0',
    ]);
    expect(list.length).toBe(await blogCount());
    expect(res.json()).not.toHaveProperty('totalPages');
    expect(list[0]).not.toHaveProperty('content');
    expect(list[0]!.contentPreview).toBe(`${'Text '.repeat(40)}`.trim());
    expect(list[0]!.contentPreview.length).toBeLessThanOrEqual(200);
    expect(list[0]!.image).toMatch(/^\/media\//);
    const dates = list.map((b) => b.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('includes the content by default and with withContent=1', async () => {
    for (const url of [
      '/api/blogs?limit=2',
      '/api/blogs?withContent=1&limit=2',
      '/api/blogs?withContent=yes&limit=2',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const list = res.json().blogs as (BlogJson & { contentPreview: string })[];
      expect(
        list.map((b) => b.content),
        url,
      ).toEqual([ordered[4]!.content, ordered[3]!.content]);
      expect(list[0]!.contentPreview.length).toBeGreaterThan(0);
    }
    const all = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json().blogs as BlogJson[];
    expect(all.every((b) => typeof b.content === 'string')).toBe(true);
  });

  it('pages when asked, leniently', async () => {
    const total = await blogCount();
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/blogs?page=2&limit=2' })).json();
    expect(page2.blogs.map((b: BlogJson) => b.title)).toEqual(['Reading 2', 'Reading 1']);
    expect(page2).toMatchObject({ currentPage: 2, totalPages: Math.ceil(total / 2), totalItems: total });
    const garbage = (await t.app.inject({ method: 'GET', url: '/api/blogs?page=abc&limit=-3' })).json();
    expect(garbage).toMatchObject({ currentPage: 1, totalItems: total });
    expect(garbage.blogs).toHaveLength(Math.min(8, total));
    const past = (await t.app.inject({ method: 'GET', url: '/api/blogs?page=999&limit=5' })).json();
    expect(past.blogs).toEqual([]);
    const capped = (await t.app.inject({ method: 'GET', url: '/api/blogs?limit=100000' })).json();
    expect(capped.totalPages).toBe(Math.ceil(total / 100));
  });

  it('answers a post by slug with up to three others, most recent first, never itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${ordered[4]!.slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.blog).toEqual(ordered[4]);
    expect(body.relatedBlogs.map((b: BlogJson) => b.title)).toEqual(['Reading 3', 'Reading 2', 'Reading 1']);

    const older = (
      await t.app.inject({ method: 'GET', url: `/api/blogs/${ordered[1]!.slug.toUpperCase()}` })
    ).json();
    expect(older.blog._id).toBe(ordered[1]!._id);
    expect(older.relatedBlogs.map((b: BlogJson) => b._id)).not.toContain(ordered[1]!._id);
    expect(older.relatedBlogs).toHaveLength(3);
  });

  it('answers 404 {message:"Blog not found"} for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Blog not found' });
  });

  it('gives the admin a post by id for the edit screen, and nobody else', async () => {
    const url = `/api/blogs/id/${ordered[0]!._id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blog: ordered[0] });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(buyer.token) })).statusCode).toBe(403);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/blogs/id/${id}`,
        headers: bearer(admin.token),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Blog not found' });
    }
  });
});

describe('PUT /api/blogs/{id}', () => {
  it('changes the fields sent, clears the ones sent empty, keeps the rest and the slug', async () => {
    const blog = await createOk({
      title: 'Before edit',
      content: '<p>old</p>',
      excerpt: 'old excerpt',
      metaTitle: 'old meta',
      metaDescription: 'old description',
    });
    const res = await update(blog._id, {
      title: 'After edit',
      content: '<p>new <a href="javascript:alert(1)">link</a></p>',
      excerpt: '',
      metaTitle: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Blog updated successfully');
    expect(res.json().blog).toMatchObject({
      _id: blog._id,
      title: 'After edit',
      slug: 'before-edit',
      content: '<p>new <a rel="noopener">link</a></p>',
      excerpt: '',
      metaTitle: '',
      metaDescription: 'old description',
      createdAt: blog.createdAt,
    });
    expect(res.json().blog.updatedAt >= blog.updatedAt).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/before-edit' })).json().blog.title).toBe(
      'After edit',
    );
  });

  it('refuses to clear the title or content, and names too-long fields', async () => {
    const blog = await createOk({ title: 'Keep me', content: '<p>x</p>' });
    const noTitle = await update(blog._id, { title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('title is required');
    const noContent = await update(blog._id, { content: '<iframe src="https://evil.example"></iframe>' });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json().message).toBe('content is required');
    const long = await update(blog._id, { metaDescription: 'd'.repeat(161) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toContainEqual({
      path: 'metaDescription',
      message: 'metaDescription must be at most 160 characters',
    });
    const after = (await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.slug}` })).json().blog;
    expect(after).toMatchObject({ title: 'Keep me', content: '<p>x</p>', metaDescription: '' });
  });

  it('replaces the image and frees the old one, keeps it for a blank file input, removes it on request', async () => {
    const blog = await createOk({ title: 'Pictures', content: '<p>x</p>', image: { data: png } });
    const oldMedia = mediaIdOf(blog.image);

    const kept = await update(blog._id, { title: 'Pictures', image: { data: Buffer.alloc(0), name: '' } });
    expect(kept.json().blog.image).toBe(blog.image);

    const other = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#205080' } })
      .jpeg()
      .toBuffer();
    const replaced = await update(blog._id, { image: { data: other, name: 'b.jpg', type: 'image/jpeg' } });
    expect(replaced.statusCode).toBe(200);
    const newImage = replaced.json().blog.image as string;
    expect(newImage).toMatch(/^\/media\//);
    expect(newImage).not.toBe(blog.image);
    expect(await mediaExists(oldMedia)).toBe(false);

    const tooLarge = await update(blog._id, { image: { data: Buffer.alloc(BLOG_IMAGE_MAX_BYTES + 1) } });
    expect(tooLarge.statusCode).toBe(413);

    const removed = await update(blog._id, { removeImage: 'true' });
    expect(removed.json().blog.image).toBeNull();
    expect(await mediaExists(mediaIdOf(newImage))).toBe(false);
  });

  it('accepts JSON, checks the role, and answers 404 for an unknown or malformed id', async () => {
    const blog = await createOk({ title: 'Json edit', content: '<p>x</p>' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${blog._id}`,
      headers: bearer(admin.token),
      payload: { metaTitle: 'Set by JSON' },
    });
    expect(res.json().blog).toMatchObject({ metaTitle: 'Set by JSON', title: 'Json edit' });
    expect((await update(blog._id, { title: 'x' }, null)).statusCode).toBe(401);
    expect((await update(blog._id, { title: 'x' }, buyer)).statusCode).toBe(403);
    for (const id of ['42', '00000000-0000-4000-8000-000000000000']) {
      const missing = await update(id, { title: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Blog not found' });
    }
  });
});

describe('DELETE /api/blogs/{id}', () => {
  it('deletes the post and frees its image', async () => {
    const blog = await createOk({ title: 'Short lived', content: '<p>x</p>', image: { data: png } });
    const url = `/api/blogs/${blog._id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(buyer.token) })).statusCode).toBe(
      403,
    );

    const res = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Blog deleted successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.slug}` })).statusCode).toBe(404);
    expect(await mediaExists(mediaIdOf(blog.image))).toBe(false);

    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/blogs/%27%20OR%201=1',
      headers: bearer(admin.token),
    });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('the sitemap follows the blog', () => {
  it('lists a new post at once and drops a deleted one', async () => {
    await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const blog = await createOk({ title: 'Sitemap news', content: '<p>x</p>' });
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(
      `/blogs/${blog.slug}</loc>`,
    );
    await t.app.inject({ method: 'DELETE', url: `/api/blogs/${blog._id}`, headers: bearer(admin.token) });
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(
      `/blogs/${blog.slug}</loc>`,
    );
  });
});

describe('POST /api/blogs/preview', () => {
  const preview = (payload: unknown, user: TestUser | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blogs/preview',
      headers: auth(user),
      payload: payload as object,
    });

  it('is for admins only', async () => {
    expect((await preview({ content: '<p>x</p>' }, null)).statusCode).toBe(401);
    expect((await preview({ content: '<p>x</p>' }, buyer)).statusCode).toBe(403);
  });

  it('answers the HTML a post would keep, scripts and handlers removed', async () => {
    const content =
      '<h2>Kundan</h2><p onclick="alert(1)">Set in <strong>gold</strong> <a href="javascript:alert(1)">foil</a>.</p><script>window.__xss=1</script>';
    const res = await preview({ content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      html: '<h2>Kundan</h2><p>Set in <strong>gold</strong> <a rel="noopener">foil</a>.</p>',
    });

    const created = await createOk({ title: 'Preview matches the stored post', content });
    expect(created.content).toBe(res.json().html);
  });

  it.each(XSS_PAYLOADS)('neutralises $name', async ({ html }) => {
    const res = await preview({ content: html });
    expect(res.statusCode).toBe(200);
    const { html: out } = res.json() as { html: string };
    expect(out).not.toMatch(/<script|\son\w+\s*=|javascript:/i);
  });

  it('refuses a body without text content with 400, never 500', async () => {
    for (const payload of [{}, { content: 42 }, { content: null }]) {
      const res = await preview(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await preview({ content: '' })).json()).toEqual({ html: '' });
  });
});
