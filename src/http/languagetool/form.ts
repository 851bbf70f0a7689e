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
//   `%XX` sequences are decoded as UTF-8 (bytes that are not UTF-8 become
//   U+FFFD, as Java's decoder makes them), and a `%` not followed by two hex
//   digits is kept literally (LanguageTool answers 400 there; a text written
//   unencoded, "50% more", must still be checked).
// - An unencoded `&` inside a text (LibreOffice 7.4 posts the text as
//   typed) ends the text there: the rest is read as more pairs. Nothing on
//   the server can tell the two apart; docs/editors.md says so.

const UTF8 = new TextDecoder('utf-8', { fatal: false });

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** One name or value of a form, decoded leniently (module header). */
export function decodeFormComponent(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) {
      out += UTF8.decode(Uint8Array.from(bytes));
      bytes = [];
    }
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25 /* % */ && i + 2 < raw.length) {
      const hi = hexValue(raw.charCodeAt(i + 1));
      const lo = hexValue(raw.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        bytes.push(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    flush();
    out += c === 0x2b /* + */ ? ' ' : raw[i];
  }
  flush();
  return out;
}

/** The pairs of a form (or query string) into `into`, later names overriding earlier ones. */
export function readFormPairs(raw: string, into: Map<string, string>): Map<string, string> {
  if (raw.length === 0) return into;
  let start = 0;
  while (start <= raw.length) {
    let end = raw.indexOf('&', start);
    if (end === -1) end = raw.length;
    const eq = raw.indexOf('=', start);
    if (eq !== -1 && eq < end) into.set(decodeFormComponent(raw.slice(start, eq)), decodeFormComponent(raw.slice(eq + 1, end)));
    start = end + 1;
  }
  return into;
}

/** A request's parameters: the body's pairs (its bytes read as UTF-8), then the query's over them. */
export function readParameters(query: string, body: Uint8Array | null): Map<string, string> {
  const params = new Map<string, string>();
  if (body !== null && body.length > 0) readFormPairs(UTF8.decode(body), params);
  return readFormPairs(query, params);
}
