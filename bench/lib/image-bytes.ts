/** One picture size as the storefront asks for it, in WebP and in AVIF. */
export type ImageBytes = { size: string; webpBytes: number; avifBytes: number };

/** The sizes the pages use: list cards, cart and search thumbnails, and a card at dpr 2. */
export const IMAGE_SIZES = [
  { size: 'list 600×600 inside', query: 'w=600&h=600&fit=inside&q=86' },
  { size: 'cart 400×400 cover', query: 'w=400&h=400&fit=cover&q=86' },
  { size: 'list 600×600 inside, dpr 2', query: 'w=600&h=600&fit=inside&q=86&dpr=2' },
] as const;

const WEBP_ACCEPT = 'image/webp,*/*;q=0.8';
const AVIF_ACCEPT = 'image/avif,image/webp,*/*;q=0.8';

type Fetch = (url: string, init: { headers: Record<string, string> }) => Promise<Response>;

async function bytesOf(response: Response): Promise<number> {
  return (await response.arrayBuffer()).byteLength;
}

/**
 * The bytes of one product picture in each size as WebP (a browser without AVIF) and as AVIF (a
 * browser with it). The server answers AVIF once it has made it and WebP meanwhile, so the AVIF
 * request is repeated until the answer is AVIF (at most `waitMs`).
 */
export async function measureImageBytes(
  baseUrl: string,
  imagePath: string,
  { fetcher = fetch as Fetch, waitMs = 30_000 } = {},
): Promise<ImageBytes[]> {
  const rows: ImageBytes[] = [];
  for (const { size, query } of IMAGE_SIZES) {
    const url = `${baseUrl}${imagePath}?${query}`;
    const webp = await fetcher(url, { headers: { accept: WEBP_ACCEPT } });
    if (webp.headers.get('content-type') !== 'image/webp') throw new Error(`${url}: no WebP answer`);
    const webpBytes = await bytesOf(webp);
    const until = Date.now() + waitMs;
    let avifBytes: number | null = null;
    while (avifBytes === null) {
      const answer = await fetcher(url, { headers: { accept: AVIF_ACCEPT } });
      if (answer.headers.get('content-type') === 'image/avif') avifBytes = await bytesOf(answer);
      else if (Date.now() > until) throw new Error(`${url}: the AVIF variant was not ready in ${waitMs} ms`);
      else {
        await answer.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    rows.push({ size, webpBytes, avifBytes });
  }
  return rows;
}

/** The report's rows: bytes of each, and AVIF as a share of WebP. */
export function imageBytesTable(rows: readonly ImageBytes[]) {
  return rows.map((r) => ({
    size: r.size,
    'WebP bytes': r.webpBytes,
    'AVIF bytes': r.avifBytes,
    'AVIF / WebP': `${Math.round((r.avifBytes / r.webpBytes) * 100)} %`,
  }));
}
