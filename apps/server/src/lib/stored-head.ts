import type { ServerResponse } from 'node:http';

/** What Node's ServerResponse keeps of a written head: the status line and headers, as sent. */
type HeadOf = ServerResponse & {
  _header?: string | null;
  maxRequestsOnConnectionReached?: boolean;
};

/**
 * Writes stored answers (a page or a catalogue read kept for anonymous visitors) with a head Node
 * serialised once. `writeHead` checks every header's name and value and joins ~1.5 KB of text on
 * every answer, about a quarter of a stored answer's time, while the head of one stored answer only
 * ever differs in its `Date`. So an answer's first head is written by `writeHead` as usual, and
 * Node's serialised text of it (`_header`, where every version since 0.x has kept it and which
 * `res.headersSent` reads) is kept, cut around the date; the next answers with the same headers
 * on a kept-alive connection are sent with that text and the current second's date. A connection
 * that closes after its answer gets `writeHead` (its head says `Connection: close`).
 *
 * `headers` must be the same array for the same answer (the kept heads are keyed by it); a head
 * without the body's `content-length` (Node then frames the body itself) is never kept.
 */
export function createStoredHeadWriter(now: () => number = Date.now) {
  const heads = new WeakMap<readonly string[], readonly [beforeDate: string, afterDate: string]>();
  let dateSecond = Number.NaN;
  let date = '';

  return function writeStored(res: ServerResponse, headers: readonly string[], body: Buffer): void {
    const out = res as HeadOf;
    const staysOpen = res.shouldKeepAlive && !out.maxRequestsOnConnectionReached;
    const kept = heads.get(headers);
    if (kept && staysOpen && out._header == null) {
      const second = Math.floor(now() / 1000);
      if (second !== dateSecond) {
        dateSecond = second;
        date = new Date(second * 1000).toUTCString();
      }
      out._header = kept[0] + date + kept[1];
      res.end(body);
      return;
    }
    res.writeHead(200, headers as string[]);
    const head = out._header;
    if (staysOpen && typeof head === 'string' && NAMES_LENGTH.test(head)) {
      const dateAt = head.indexOf(DATE_LINE);
      if (dateAt !== -1) {
        const valueAt = dateAt + DATE_LINE.length;
        heads.set(headers, [head.slice(0, valueAt), head.slice(head.indexOf('\r\n', valueAt))]);
      }
    }
    res.end(body);
  };
}

const NAMES_LENGTH = /\r\ncontent-length:/i;
const DATE_LINE = '\r\nDate: ';
