// uWebSockets.js, loaded after raising its request-header limit.
//
// uWS answers a request whose headers (the request line included) exceed
// UWS_HTTP_MAX_HEADERS_SIZE with its own HTML 431, before our handlers run.
// Its default (4 KiB) is hit by a long percent-encoded Devanagari query
// (9 bytes per letter), so we raise it to 64 KiB: such requests then reach the
// router, which answers them with a JSON 400 (the query-string cap is in
// src/http/query.ts). The addon reads the variable when it loads, hence the
// dynamic import after setting it.

process.env.UWS_HTTP_MAX_HEADERS_SIZE ??= String(64 * 1024);

const uWS = (await import('uWebSockets.js')).default;
export default uWS;
