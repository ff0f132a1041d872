/**
 * React's server renderer writes a page as thousands of short strings (a product page: ~6,600,
 * most under 16 characters). Joined into one string and then encoded, a page of ~120 KB became a
 * string of ~240 KB (one character outside Latin-1, such as ₹ or a Hindi word, makes V8 store all
 * of it as two bytes a character), big enough that V8 allocates it outside its young generation,
 * and then a buffer of its own: ~1 ms of a first render on a 2-core virtual machine.
 *
 * Joined a few thousand characters at a time instead, most pieces stay one byte a character and
 * small, and they are encoded one after another into one buffer kept for the process: half the
 * time (docs/performance.md, session 26). A piece is gathered by concatenation (`+=`), which V8
 * answers with a link to both strings and makes flat once, when the piece is encoded: a product
 * page's first render took 4-5% less CPU than with an array of the strings joined (session 29).
 */

/** Characters gathered into one piece before it is set aside for encoding. */
export const PIECE_CHARS = 8192;

/** The buffer the pieces are encoded into, kept between pages and grown when a page needs more. */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

/**
 * Gathers the strings written to it, a piece of about {@link PIECE_CHARS} characters at a time;
 * `encode` then hands `read` their UTF-8 bytes.
 */
export function createTextCollector() {
  const pieces: string[] = [];
  let piece = '';
  return {
    write(text: string) {
      // V8 links the two strings (a cons string) instead of copying them; the piece is made flat
      // once, when it is encoded.
      piece += text;
      if (piece.length >= PIECE_CHARS) {
        pieces.push(piece);
        piece = '';
      }
    },
    /**
     * Calls `read` with the UTF-8 bytes of everything written, and returns what it returns. The
     * bytes are a view of a buffer the next page reuses: `read` must copy what it keeps before it
     * returns (the render's rewrite, `moveScriptsAfterLoad`, writes its result into a new buffer).
     */
    encode<T>(read: (bytes: Buffer) => T): T {
      if (piece.length > 0) pieces.push(piece);
      piece = '';
      return encodeInto(pieces, read);
    },
  };
}

function encodeInto<T>(pieces: readonly string[], read: (bytes: Buffer) => T): T {
  let size = 0;
  for (const piece of pieces) {
    // A UTF-16 unit becomes at most 3 bytes (a pair of them, 4 bytes: 2 each).
    if (scratch.length - size < piece.length * 3) {
      const larger = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, size + piece.length * 3));
      scratch.copy(larger, 0, 0, size);
      scratch = larger;
    }
    size += scratch.write(piece, size, 'utf8');
  }
  return read(scratch.subarray(0, size));
}
