// A request as the HTTP layer reads it off the socket (RequestContext), for
// the router's and the pipeline's unit tests: every field empty or neutral
// unless the test gives it.

import type { RequestContext } from '../../src/http/types.js';

export function requestContext(over: Partial<RequestContext> = {}): RequestContext {
  return {
    method: 'GET',
    path: '/x',
    query: '',
    params: [],
    contentType: '',
    contentLength: '',
    transferEncoding: '',
    framingError: null,
    apiKey: '',
    forwardedFor: '',
    peerAddress: '127.0.0.1',
    client: '127.0.0.1',
    receivedAt: 0,
    encoding: null,
    ifNoneMatch: '',
    requestId: 'r-1',
    origin: '',
    ...over,
  };
}
