import http from 'node:http';
import zlib from 'node:zlib';

/**
 * The bytes a page or answer travels as: uncompressed, gzip and Brotli, read raw (fetch would
 * decompress them), so nginx can serve exactly what our server sent and the report can show
 * what a visitor downloads.
 */
export type Encoded = { status: number; encoding: string | null; body: Buffer; rawHeaders: string[] };

export function getRaw(baseUrl: string, path: string, headers: Record<string, string>): Promise<Encoded> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: (response.headers['content-encoding'] as string | undefined) ?? null,
          body: Buffer.concat(chunks),
          rawHeaders: response.rawHeaders,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Headers of our server's answer that a bare server replaying it sets itself (the date, framing,
 * the connection) or per encoding (length, encoding).
 */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/** The headers of an answer worth replaying, from Node's `rawHeaders` (name, value, name, value…). */
export function replayedHeaders(rawHeaders: readonly string[]): [string, string][] {
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    if (!OWN_HEADERS.has(rawHeaders[i]!.toLowerCase())) headers.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return headers;
}

export type AnswerEncodings = {
  /** Uncompressed bytes. */
  identity: Buffer;
  /** What the server sent for `Accept-Encoding: gzip` when it compressed, else null. */
  gzip: Buffer | null;
  /** What the server sent for `Accept-Encoding: br` when it compressed, else null. */
  brotli: Buffer | null;
  /** The headers of the gzip answer (else the uncompressed one) a server replaying it would send. */
  headers: [string, string][];
  /** The headers of the uncompressed answer a server replaying it would send (its own `etag`). */
  identityHeaders: [string, string][];
};

/**
 * One answer in each encoding. Brotli is asked twice: a stored page is Brotli-compressed on its
 * first Brotli request, which may be answered in gzip meanwhile.
 */
export async function answerEncodings(
  baseUrl: string,
  path: string,
  accept: string,
): Promise<AnswerEncodings> {
  const ask = async (encoding: string) => {
    const answer = await getRaw(baseUrl, path, { accept, 'accept-encoding': encoding });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    return answer;
  };
  const identity = await ask('identity');
  if (identity.encoding && identity.encoding !== 'identity')
    throw new Error(`GET ${path} sent ${identity.encoding} to a client that accepts only identity`);
  const gzip = await ask('gzip');
  await ask('br');
  const br = await ask('br');
  const gzipBody = gzip.encoding === 'gzip' ? gzip.body : null;
  const brBody = br.encoding === 'br' ? br.body : null;
  // What the server compressed must be the page itself, or the ratio would compare different bytes.
  if (gzipBody && !zlib.gunzipSync(gzipBody).equals(identity.body))
    throw new Error(`GET ${path}: the gzip answer is not the same page as the uncompressed one`);
  return {
    identity: identity.body,
    gzip: gzipBody,
    brotli: brBody,
    headers: replayedHeaders((gzipBody ? gzip : identity).rawHeaders),
    identityHeaders: replayedHeaders(identity.rawHeaders),
  };
}

export type PageBytes = {
  page: string;
  path: string;
  identityBytes: number;
  gzipBytes: number | null;
  brotliBytes: number | null;
};

export function pageBytes(page: string, path: string, encoded: AnswerEncodings): PageBytes {
  return {
    page,
    path,
    identityBytes: encoded.identity.length,
    gzipBytes: encoded.gzip?.length ?? null,
    brotliBytes: encoded.brotli?.length ?? null,
  };
}

const kb = (bytes: number | null) => (bytes === null ? '-' : (bytes / 1024).toFixed(1));

/** Rows for the report: KB uncompressed, gzip and Brotli, and Brotli's saving over gzip. */
export function pageBytesTable(rows: PageBytes[]) {
  return rows.map((r) => ({
    page: r.page,
    'uncompressed KB': kb(r.identityBytes),
    'gzip KB': kb(r.gzipBytes),
    'Brotli KB': kb(r.brotliBytes),
    'Brotli vs gzip':
      r.gzipBytes && r.brotliBytes ? `${Math.round((1 - r.brotliBytes / r.gzipBytes) * 100)}% smaller` : '-',
  }));
}
