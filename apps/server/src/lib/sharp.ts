import type Sharp from 'sharp';

export type SharpModule = typeof Sharp;

let loading: Promise<SharpModule> | null = null;

/**
 * sharp (libvips), loaded on the first picture the process reads or makes: loading it adds ~30 MB
 * to a process's resident memory (its libraries' pages and libvips' own allocations; 39 → 69 MB
 * in a bare Node process), which a server answering pages and stored variants never needs. Every
 * user in the server takes it from here, so its settings are made once, before any use:
 * libvips' operation cache would hold decoded images we never reuse (our caches are above it), and
 * one thread per operation keeps encodes from crowding the two cores the server shares.
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
