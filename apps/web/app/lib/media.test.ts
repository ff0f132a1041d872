import { describe, expect, it } from 'vitest';
import { imageSourceOf, isOurMedia, sizedImage, widthSizedImage } from './media';

describe('imageSourceOf', () => {
  it('prefers imageUrl, then imageurl, then the media id', () => {
    expect(imageSourceOf({ imageUrl: '/media/a', imageurl: '/media/b', cloudinaryId: 'c' })).toBe('/media/a');
    expect(imageSourceOf({ imageUrl: null, imageurl: 'https://x.test/p.jpg', cloudinaryId: 'c' })).toBe(
      'https://x.test/p.jpg',
    );
    expect(imageSourceOf({ imageUrl: ' ', imageurl: null, cloudinaryId: 'c 1' })).toBe('/media/c%201');
    expect(imageSourceOf({ imageUrl: null, imageurl: null, cloudinaryId: null })).toBeNull();
  });
});

describe('sizedImage', () => {
  it('asks our media endpoint for the preset size, quality 86, with a 2x entry', () => {
    expect(sizedImage('/media/abc', 'listing')).toEqual({
      src: '/media/abc?w=600&h=600&fit=inside&q=86',
      srcSet: '/media/abc?w=600&h=600&fit=inside&q=86 1x, /media/abc?w=600&h=600&fit=inside&q=86&dpr=2 2x',
    });
    expect(sizedImage('/media/abc', 'thumb').src).toBe('/media/abc?w=400&h=400&fit=cover&q=86');
  });

  it('leaves other pictures alone and passes a missing one on', () => {
    expect(sizedImage('https://cdn.test/p.jpg', 'thumb')).toEqual({ src: 'https://cdn.test/p.jpg' });
    expect(sizedImage(null, 'thumb')).toEqual({ src: null });
  });
});

describe('widthSizedImage', () => {
  it('describes the preset file and its dpr 2 twin by their widths', () => {
    expect(widthSizedImage('/media/abc', 'post')).toEqual({
      src: '/media/abc?w=800&h=450&fit=cover&q=86',
      srcSet: '/media/abc?w=800&h=450&fit=cover&q=86 800w, /media/abc?w=800&h=450&fit=cover&q=86&dpr=2 1600w',
    });
    expect(widthSizedImage('/media/abc', 'listing').srcSet).toBe(
      '/media/abc?w=600&h=600&fit=inside&q=86 600w, /media/abc?w=600&h=600&fit=inside&q=86&dpr=2 1200w',
    );
  });

  it('leaves other pictures alone and passes a missing one on', () => {
    expect(widthSizedImage('/images/blog.jpg', 'post')).toEqual({ src: '/images/blog.jpg' });
    expect(widthSizedImage(undefined, 'post')).toEqual({ src: null });
  });
});

describe('absolute addresses of our media (as the API answers them)', () => {
  const id = '0f8b2c1e-3a4d-4e5f-9a6b-7c8d9e0f1a2b';

  it('builds the same variants from an absolute address, on our origin or a CDN with a path', () => {
    expect(sizedImage(`https://shop.example/media/${id}`, 'thumb')).toEqual({
      src: `https://shop.example/media/${id}?w=400&h=400&fit=cover&q=86`,
      srcSet: `https://shop.example/media/${id}?w=400&h=400&fit=cover&q=86 1x, https://shop.example/media/${id}?w=400&h=400&fit=cover&q=86&dpr=2 2x`,
    });
    expect(widthSizedImage(`https://cdn.example/jewels/media/${id}`, 'listing').srcSet).toBe(
      `https://cdn.example/jewels/media/${id}?w=600&h=600&fit=inside&q=86 600w, https://cdn.example/jewels/media/${id}?w=600&h=600&fit=inside&q=86&dpr=2 1200w`,
    );
  });

  it('tells ours from other pictures', () => {
    expect(isOurMedia(`http://localhost:3000/media/${id}`)).toBe(true);
    expect(isOurMedia('/media/abc')).toBe(true);
    expect(isOurMedia('https://images.example/media/not-an-id.jpg')).toBe(false);
    expect(isOurMedia(`https://images.example/media/${id}.jpg`)).toBe(false);
    expect(isOurMedia('https://images.example/p.jpg')).toBe(false);
    expect(sizedImage('https://images.example/media/photo.jpg', 'thumb')).toEqual({
      src: 'https://images.example/media/photo.jpg',
    });
  });
});
