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

/** Where decodeRange writes the bytes it decodes, reused (it grows to the longest body or query string read: at most MAX_BODY_BYTES, or a request head's limit, uws.ts): a new buffer of the body's size on every request adds to what the main thread's heap collects. */
let scratch = new Uint8Array(0);

/**
 * The bytes [from, to) of `b` as one name or value: `+` is a space, `%XX` a
 * byte, every other byte itself; the result read as UTF-8. (Working on the
 * bytes keeps a 20,000-character text, 180 KB percent-encoded, well under a
 * millisecond: it is read on the main thread.)
 */
function decodeRange(b: Uint8Array, from: number, to: number): string {
  let i = from;
  while (i < to && b[i] !== 0x25 && b[i] !== 0x2b) i++;
  if (i === to) return UTF8.decode(b.subarray(from, to));
  if (scratch.length < to - from) scratch = new Uint8Array(to - from);
  const out = scratch;
  out.set(b.subarray(from, i));
  let k = i - from;
  for (; i < to; i++) {
    const c = b[i]!;
    if (c === 0x25 && i + 2 < to) {
      const hi = HEX[b[i + 1]!]!;
      const lo = HEX[b[i + 2]!]!;
      if (hi >= 0 && lo >= 0) {
        out[k++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    out[k++] = c === 0x2b ? 0x20 : c;
  }
  return UTF8.decode(out.subarray(0, k));
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
