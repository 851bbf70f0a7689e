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

type ListenCallback = (listenSocket: import('uWebSockets.js').us_listen_socket | false) => void;
interface ListenWithOptions {
  listen(host: string, port: number, options: number, cb: ListenCallback): unknown;
}
const addon = uWS as unknown as { LIBUS_LISTEN_DEFAULT: number; LIBUS_LISTEN_EXCLUSIVE_PORT: number };

/**
 * app.listen(host, port, options, cb): the addon takes it, its typings only
 * list options without a host. Exclusive: without SO_REUSEPORT, so a port
 * another process holds is refused.
 */
export function listenOn(app: import('uWebSockets.js').TemplatedApp, host: string, port: number, exclusive: boolean, cb: ListenCallback): void {
  const options = exclusive ? addon.LIBUS_LISTEN_EXCLUSIVE_PORT : addon.LIBUS_LISTEN_DEFAULT;
  (app as unknown as ListenWithOptions).listen(host, port, options, cb);
}
