// LanguageTool's request parameters: the form body and the query string,
// read the way LanguageTool's HTTP server reads them, so every client written
// for it is understood.
//
// - The body is read as application/x-www-form-urlencoded whatever the
//   Content-Type says: LTeX sends `Content-Type: application/json` with a
//   form body, LibreOffice 7.4 sends no percent-encoding at all.
// - Query parameters override the body's (LanguageTool reads the body, then
//   the query, into one map).
// - A pair without `=` is skipped; a name given twice keeps its last value;
//   unknown names are kept and ignored by the caller.
// - Decoding is lenient where LanguageTool's would fail or where clients
//   send raw text: raw non-ASCII passes through as it is, `+` is a space,
//   `%XX` sequences are decoded with the raw bytes around them as UTF-8
//   (bytes that are not UTF-8 become U+FFFD, as Java's decoder makes them),
//   and a `%` not followed by two hex digits is kept literally (LanguageTool answers 400 there; a text written
//   unencoded, "50% more", must still be checked).
// - An unencoded `&` inside a text (LibreOffice 7.4 posts the text as
//   typed) ends the text there: the rest is read as more pairs. Nothing on
//   the server can tell the two apart; docs/editors.md says so.

const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** The value of each byte as a hex digit, -1 for the others. */
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX['0123456789abcdef'.charCodeAt(i)] = i;
  HEX['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/** The value of each pair of bytes `XY` of a `%XY` as a byte, -1 where X or Y is not a hex digit: one load per escape. */
const HEX_PAIR = new Int16Array(1 << 16).fill(-1);
for (let hi = 0; hi < 256; hi++) {
  if (HEX[hi]! < 0) continue;
  for (let lo = 0; lo < 256; lo++) if (HEX[lo]! >= 0) HEX_PAIR[(hi << 8) | lo] = HEX[hi]! * 16 + HEX[lo]!;
}

/** Where decodeRange writes (reused; each grows to the longest body or query string read: at most MAX_BODY_BYTES, or a request head's limit, uws.ts): a new buffer of the body's size on every request adds to what the main thread's heap collects. */
let scratch = new Uint8Array(0);
let units = new Uint16Array(0);
let unitBytes = Buffer.alloc(0);
/** Code units are read back from their bytes as UTF-16LE: the direct decoding needs a little-endian machine. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The byte at `i` (before `to`) of a form component: a `%XY` escape or the
 * byte itself (`+` is a space), as `byte | length << 8` (length 3 or 1).
 */
function byteAt(b: Uint8Array, i: number, to: number): number {
  const c = b[i]!;
  if (c === 0x25 && i + 2 < to) {
    const v = HEX_PAIR[(b[i + 1]! << 8) | b[i + 2]!]!;
    if (v >= 0) return v | 0x300;
  }
  return (c === 0x2b ? 0x20 : c) | 0x100;
}

/**
 * The bytes [from, to) of `b` decoded straight into UTF-16 code units, as
 * decodeBytes would decode them, or null where the UTF-8 is not well formed
 * (decodeBytes replaces what is wrong exactly as TextDecoder does). A
 * 1,000-word text comes percent-encoded, three bytes of escapes for each of
 * its UTF-8 bytes: decoding the escapes to bytes and the bytes to a string
 * are two passes, and the second (TextDecoder) costs more than the first;
 * this is one pass, and its code units become a string by a copy. Null
 * too for ASCII.
 */
function decodeUnits(b: Uint8Array, from: number, to: number): string | null {
  if (units.length < to - from) {
    units = new Uint16Array(to - from);
    unitBytes = Buffer.from(units.buffer);
  }
  const out = units;
  let k = 0;
  let i = from;
  let wide = false;
  while (i < to) {
    // The escapes are read here, not by byteAt: a call per byte costs a third more on a percent-encoded text.
    let c = b[i]!;
    if (c === 0x25 && i + 2 < to) {
      const v = HEX_PAIR[(b[i + 1]! << 8) | b[i + 2]!]!;
      if (v >= 0) {
        c = v;
        i += 3;
      } else i++;
    } else {
      if (c === 0x2b) c = 0x20;
      i++;
    }
    if (c < 0x80) {
      out[k++] = c;
      continue;
    }
    wide = true;
    // The second byte's range depends on the lead (the Unicode standard's table 3-7): what is outside it is not well formed.
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    let cp: number;
    if (c >= 0xc2 && c <= 0xdf) {
      more = 1;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      cp = c & 0x0f;
      if (c === 0xe0) low = 0xa0;
      else if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      cp = c & 0x07;
      if (c === 0xf0) low = 0x90;
      else if (c === 0xf4) high = 0x8f;
    } else return null;
    for (; more > 0; more--) {
      if (i >= to) return null;
      let v = b[i]!;
      if (v === 0x25 && i + 2 < to) {
        const e = HEX_PAIR[(b[i + 1]! << 8) | b[i + 2]!]!;
        if (e >= 0) {
          v = e;
          i += 3;
        } else i++;
      } else i++;
      if (v < low || v > high) return null;
      low = 0x80;
      high = 0xbf;
      cp = (cp << 6) | (v & 0x3f);
    }
    if (cp < 0x10000) out[k++] = cp;
    else {
      out[k++] = 0xd800 + ((cp - 0x10000) >> 10);
      out[k++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
    }
  }
  // An ASCII value is left to decodeBytes, whose string is one byte a character, as the engines' other strings of Latin text are.
  return wide ? unitBytes.toString('utf16le', 0, k * 2) : null;
}

/** The bytes [from, to) of `b` percent-decoded, then read as UTF-8 by TextDecoder (ill-formed bytes become U+FFFD). */
function decodeBytes(b: Uint8Array, from: number, to: number): string {
  let i = from;
  while (i < to && b[i] !== 0x25 && b[i] !== 0x2b) i++;
  if (i === to) return UTF8.decode(b.subarray(from, to));
  if (scratch.length < to - from) scratch = new Uint8Array(to - from);
  const out = scratch;
  out.set(b.subarray(from, i));
  let k = i - from;
  while (i < to) {
    const v = byteAt(b, i, to);
    out[k++] = v & 0xff;
    i += v >> 8;
  }
  return UTF8.decode(out.subarray(0, k));
}

/**
 * The bytes [from, to) of `b` as one name or value: `+` is a space, `%XX` a
 * byte, every other byte itself; the result read as UTF-8. (Working on the
 * bytes keeps a 20,000-character text, 180 KB percent-encoded, well under a
 * millisecond: it is read on the main thread.)
 */
function decodeRange(b: Uint8Array, from: number, to: number): string {
  return (LITTLE_ENDIAN ? decodeUnits(b, from, to) : null) ?? decodeBytes(b, from, to);
}

const bytesOf = (raw: string | Uint8Array): Uint8Array => (typeof raw === 'string' ? Buffer.from(raw) : raw);

/** One name or value of a form, decoded leniently (module header). */
export function decodeFormComponent(raw: string): string {
  const b = bytesOf(raw);
  return decodeRange(b, 0, b.length);
}

/** The pairs of a form (or query string) into `into`, later names overriding earlier ones. */
export function readFormPairs(raw: string | Uint8Array, into: Map<string, string>): Map<string, string> {
  const b = bytesOf(raw);
  const n = b.length;
  let start = 0;
  while (start < n) {
    let end = b.indexOf(0x26 /* & */, start);
    if (end === -1) end = n;
    const eq = b.indexOf(0x3d /* = */, start);
    if (eq !== -1 && eq < end) into.set(decodeRange(b, start, eq), decodeRange(b, eq + 1, end));
    start = end + 1;
  }
  return into;
}

/** A request's parameters: the body's pairs (its bytes read as UTF-8), then the query's over them. */
export function readParameters(query: string, body: Uint8Array | null): Map<string, string> {
  const params = new Map<string, string>();
  if (body !== null) readFormPairs(body, params);
  return readFormPairs(query, params);
}
