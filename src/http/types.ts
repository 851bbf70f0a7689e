// Types shared by the HTTP layer. RequestContext holds copies of everything a
// handler may need from uWS's HttpRequest, which is invalid after the first
// await or return.

export interface Reply {
  status: number;
  /** Serialized as JSON; undefined (and no json) sends no body (204). */
  body?: unknown;
  /** A body already serialized as JSON (the OpenAPI document is serialized once). */
  json?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface RequestContext {
  /** Upper-case method as sent (HEAD is answered as GET without a body). */
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The raw query string without '?', still percent-encoded. */
  query: string;
  /** Route parameters as sent, still percent-encoded. */
  params: string[];
  contentType: string;
  contentLength: string;
  transferEncoding: string;
  /** Why the body's extent is ambiguous (conflicting Content-Length headers); null when it is not. */
  framingError: string | null;
  apiKey: string;
  forwardedFor: string;
  /** The address of the TCP peer (not yet resolved through trusted proxies). */
  peerAddress: string;
  /** The client the request is attributed to (after X-Forwarded-For), for logs and rate limits. */
  client: string;
  /** performance.now() when the request arrived. */
  receivedAt: number;
}
