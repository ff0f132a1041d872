/**
 * The header search's in-process index (search p99 within the benchmark budgets at 100,000
 * products): every product's lower-cased name and code, newest first, so a search answers the
 * previous site's order exactly (names or codes starting with
 * the text, then the rest, newest first within each) without the database ordering tens of
 * thousands of matches for a common word or scanning the table for a two-character one.
 *
 * Layout: records `\u0000name\u0001code` are packed, newest first, into blocks of BLOCK_RECORDS,
 * each block one string (a block stays one byte per character unless it holds such text, e.g.
 * Hindi). Each block has a bit set of the hashes of every 1-, 2- and 3-character piece of its
 * records, separators included, so a search reads only blocks that can hold a match, and one that
 * needs "starts with" tests pieces that begin with a separator. Inside a block `indexOf` and
 * `startsWith` decide. At 100,000 products this is about 4 MB of text, 1.6 MB of bit sets, 1.6 MB
 * of ids and 0.4 MB of offsets.
 */

/** One product as the index reads it, newest first. */
export type IndexRow = { id: string; name: string; code: string };

const BLOCK_RECORDS = 64;
const BLOOM_BITS_LOG2 = 13;
const BLOOM_WORDS = (1 << BLOOM_BITS_LOG2) >>> 5;
/** Where a record's name and its code start in the indexes' text (folded text never holds them). */
export const NAME_START = '\u0000';
export const CODE_START = '\u0001';

/**
 * Lower-casing of stored text: JavaScript's, which equals PostgreSQL's `lower()` (and so ILIKE) for
 * ASCII and for uncased scripts such as Devanagari. The separators can then never occur in text:
 * search text never holds control characters, so any other one stands in for them.
 */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex -- the separators are control characters
  return text.toLowerCase().replace(/[\u0000\u0001]/g, '\u0002');
}

/**
 * Whether the index answers `text` exactly as ILIKE would. Letters with case outside ASCII
 * (é, Σ, İ) are lower-cased differently by JavaScript and by PostgreSQL's locales (final sigma,
 * dotted I, a C-locale database), so such text goes to the database instead.
 */
export function isIndexable(text: string): boolean {
  for (const ch of text) {
    if (ch.charCodeAt(0) > 0x7f && ch.toLowerCase() !== ch.toUpperCase()) return false;
  }
  return true;
}

/**
 * A 32-bit hash of the piece of `length` (1 to 3) characters at `at`. The bit sets use two
 * BLOOM_BITS_LOG2-bit slices of it: with one, any absent piece that shared its bit with a piece
 * found in every block (a word of the vocabulary, the code's prefix) sent a search through every block.
 */
function gramHash(text: string, at: number, length: number): number {
  let h = Math.imul(text.charCodeAt(at), 0x01000193) ^ (length > 1 ? text.charCodeAt(at + 1) : 0x10000);
  h = Math.imul(h, 0x01000193) ^ (length > 2 ? text.charCodeAt(at + 2) : 0x20000);
  h = Math.imul(h ^ length ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const BLOOM_MASK = (1 << BLOOM_BITS_LOG2) - 1;

function setBits(bloom: Uint32Array, base: number, h: number): void {
  const a = h & BLOOM_MASK;
  const b = (h >>> 16) & BLOOM_MASK;
  bloom[base + (a >>> 5)]! |= 1 << (a & 31);
  bloom[base + (b >>> 5)]! |= 1 << (b & 31);
}

function hasBits(bloom: Uint32Array, base: number, h: number): boolean {
  const a = h & BLOOM_MASK;
  const b = (h >>> 16) & BLOOM_MASK;
  return (
    (bloom[base + (a >>> 5)]! & (1 << (a & 31))) !== 0 && (bloom[base + (b >>> 5)]! & (1 << (b & 31))) !== 0
  );
}

/** The hashes a block must hold for `text` to occur in it: its 3-character pieces, or the whole. */
function gramsOf(text: string): number[] {
  if (text.length < 3) return [gramHash(text, 0, text.length)];
  const out: number[] = [];
  for (let i = 0; i + 3 <= text.length; i++) out.push(gramHash(text, i, 3));
  return out;
}

const hexValue = (c: number) => (c <= 57 ? c - 48 : (c | 32) - 87);

export function uuidToBytes(id: string, into: Uint8Array, at: number): void {
  for (let i = 0, c = 0; i < 16; i++, c += 2) {
    if (c === 8 || c === 13 || c === 18 || c === 23) c++;
    into[at + i] = (hexValue(id.charCodeAt(c)) << 4) | hexValue(id.charCodeAt(c + 1));
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToUuid(bytes: Uint8Array, at: number): string {
  let s = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += HEX[bytes[at + i]!];
  }
  return s;
}

/** An immutable index of one catalogue snapshot. */
export class SearchIndex {
  readonly #blocks: string[];
  /** Offset of each record's NAME_START inside its block. */
  readonly #starts: Int32Array;
  readonly #ids: Uint8Array;
  readonly #bloom: Uint32Array;

  private constructor(blocks: string[], starts: Int32Array, ids: Uint8Array, bloom: Uint32Array) {
    this.#blocks = blocks;
    this.#starts = starts;
    this.#ids = ids;
    this.#bloom = bloom;
  }

  /**
   * Builds from rows newest first, a chunk at a time. The caller's iterator awaits between chunks
   * (database reads), so a large catalogue never holds the event loop for long.
   */
  static async build(chunks: AsyncIterable<IndexRow[]>): Promise<SearchIndex> {
    const blocks: string[] = [];
    let starts = new Int32Array(1024);
    let ids = new Uint8Array(1024 * 16);
    let bloom = new Uint32Array(16 * BLOOM_WORDS);
    let count = 0;
    let parts: string[] = [];
    let offset = 0;
    for await (const rows of chunks) {
      for (const row of rows) {
        if (count === starts.length) {
          starts = grow(starts, count * 2);
          ids = grow(ids, count * 2 * 16);
        }
        const block = Math.floor(count / BLOCK_RECORDS);
        if ((block + 1) * BLOOM_WORDS > bloom.length) bloom = grow(bloom, bloom.length * 2);
        const record = `${NAME_START}${foldText(row.name)}${CODE_START}${foldText(row.code)}`;
        starts[count] = offset;
        uuidToBytes(row.id, ids, count * 16);
        addGrams(bloom, block * BLOOM_WORDS, record);
        parts.push(record);
        offset += record.length;
        count++;
        if (count % BLOCK_RECORDS === 0) {
          blocks.push(parts.join(''));
          parts = [];
          offset = 0;
        }
      }
    }
    if (parts.length) blocks.push(parts.join(''));
    return new SearchIndex(
      blocks,
      starts.slice(0, count),
      ids.slice(0, count * 16),
      bloom.slice(0, blocks.length * BLOOM_WORDS),
    );
  }

  get size(): number {
    return this.#starts.length;
  }

  /** Approximate bytes held (text at two bytes per character where a block needs it). */
  get bytes(): number {
    let text = 0;
    for (const block of this.#blocks) text += block.length * (/[\u0100-\uffff]/.test(block) ? 2 : 1);
    return text + this.#starts.byteLength + this.#ids.byteLength + this.#bloom.byteLength;
  }

  /**
   * Ids of at most `limit` products whose name or code contains `text` (already folded, not blank):
   * those whose name or code starts with it first, then the rest, newest first within each.
   */
  find(text: string, limit: number): string[] {
    const found = this.#startingWith(text, limit);
    if (found.length < limit) this.#containingOnly(text, limit, found);
    return found.map((r) => bytesToUuid(this.#ids, r * 16));
  }

  #startingWith(text: string, limit: number): number[] {
    const name = gramsOf(NAME_START + text);
    const code = gramsOf(CODE_START + text);
    const found: number[] = [];
    for (let b = 0; b < this.#blocks.length; b++) {
      if (!this.#mayHold(b, name) && !this.#mayHold(b, code)) continue;
      const end = Math.min((b + 1) * BLOCK_RECORDS, this.#starts.length);
      for (let r = b * BLOCK_RECORDS; r < end; r++) {
        if (!this.#startsWith(r, text)) continue;
        found.push(r);
        if (found.length === limit) return found;
      }
    }
    return found;
  }

  /** Appends to `found` the records that contain `text` without starting with it, up to `limit`. */
  #containingOnly(text: string, limit: number, found: number[]): void {
    const grams = gramsOf(text);
    for (let b = 0; b < this.#blocks.length; b++) {
      if (!this.#mayHold(b, grams)) continue;
      const block = this.#blocks[b]!;
      const first = b * BLOCK_RECORDS;
      const last = Math.min(first + BLOCK_RECORDS, this.#starts.length) - 1;
      let r = first;
      for (let at = block.indexOf(text); at >= 0;) {
        while (r < last && this.#starts[r + 1]! <= at) r++;
        if (!this.#startsWith(r, text)) {
          found.push(r);
          if (found.length === limit) return;
        }
        if (r === last) break;
        at = block.indexOf(text, this.#starts[r + 1]!);
      }
    }
  }

  #startsWith(r: number, text: string): boolean {
    const block = this.#blocks[Math.floor(r / BLOCK_RECORDS)]!;
    const start = this.#starts[r]!;
    return block.startsWith(text, start + 1) || block.startsWith(text, block.indexOf(CODE_START, start) + 1);
  }

  /**
   * Whether block `block` may hold every piece in `grams`. A piece that rules a block out moves to
   * the front, so the rare piece of a long text (its number, say) is the one tested first.
   */
  #mayHold(block: number, grams: number[]): boolean {
    const base = block * BLOOM_WORDS;
    for (let i = 0; i < grams.length; i++) {
      const h = grams[i]!;
      if (hasBits(this.#bloom, base, h)) continue;
      if (i > 0) [grams[0], grams[i]] = [h, grams[0]!];
      return false;
    }
    return true;
  }
}

function grow<T extends Int32Array | Uint8Array | Uint32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

function addGrams(bloom: Uint32Array, base: number, record: string): void {
  for (let i = 0; i < record.length; i++) {
    for (let length = 1; length <= 3 && i + length <= record.length; length++) {
      setBits(bloom, base, gramHash(record, i, length));
    }
  }
}

/**
 * Keeps one instance's index in step with the catalogue. `current()` answers null while there is
 * no index known to be current (never built, invalidated by a write here, found stale, or the last
 * build failed): the caller then searches with SQL, and a build starts in the background.
 *
 * Another instance's writes are seen through `readVersion` (a cheap summary such as the row count
 * and the latest update), checked in the background at most once per `ttlMs`: the same bound the
 * catalogue's read cache gives those writes (CATALOGUE_CACHE_SECONDS). Until a check has answered,
 * the index it is checking keeps answering, as the cache's page keys do while they reload.
 */
export type LiveSearchIndexDeps = {
  ttlMs: number;
  /** Every product newest first, in chunks. */
  readRows: () => AsyncIterable<IndexRow[]>;
  /** Changes whenever any product is added, changed or removed. */
  readVersion: () => Promise<string>;
  now?: () => number;
};

export class LiveSearchIndex {
  readonly #deps: LiveSearchIndexDeps;
  #index: SearchIndex | null = null;
  #version = '';
  #checkedAt = 0;
  /** Bumped by every invalidation; a build that started under an older one is not installed. */
  #generation = 0;
  #building: Promise<void> | null = null;
  #checking = false;
  #failedAt = -Infinity;

  constructor(deps: LiveSearchIndexDeps) {
    this.#deps = deps;
  }

  #now(): number {
    return (this.#deps.now ?? Date.now)();
  }

  current(): SearchIndex | null {
    if (!this.#index) {
      this.#startBuild();
      return null;
    }
    if (this.#now() - this.#checkedAt >= this.#deps.ttlMs) this.#startCheck();
    return this.#index;
  }

  /** This instance changed the catalogue: stop answering from the index until it is rebuilt. */
  invalidate(): void {
    this.#generation++;
    this.#index = null;
  }

  /** Settles when the build in progress (if any) has finished: for tests and measurements. */
  async settled(): Promise<void> {
    while (this.#building) await this.#building;
  }

  #startBuild(): void {
    // A failed build is retried after the same interval, not on every search.
    if (this.#building || this.#now() - this.#failedAt < this.#deps.ttlMs) return;
    const generation = this.#generation;
    this.#building = (async () => {
      try {
        // The version first: a write during the build then shows as a changed version later.
        const version = await this.#deps.readVersion();
        const index = await SearchIndex.build(this.#deps.readRows());
        if (generation !== this.#generation) return;
        this.#index = index;
        this.#version = version;
        this.#checkedAt = this.#now();
      } catch {
        this.#failedAt = this.#now();
      } finally {
        this.#building = null;
      }
    })();
  }

  #startCheck(): void {
    if (this.#checking || this.#building) return;
    this.#checking = true;
    const generation = this.#generation;
    this.#deps
      .readVersion()
      .then((version) => {
        if (generation !== this.#generation) return;
        this.#checkedAt = this.#now();
        if (version !== this.#version) this.invalidate();
      })
      // An unanswered check leaves the index as it is; the next search past the interval retries.
      .catch(() => {})
      .finally(() => {
        this.#checking = false;
      });
  }
}
