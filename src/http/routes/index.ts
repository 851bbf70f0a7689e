// The routes table: every endpoint as data (method, path, its query, path
// parameters and body checks, its documentation, its handler), one file a
// resource. The server registers these with uWS, the router reads and checks
// each request's input before the handler runs (router.ts), and openapi.ts
// documents them from the same rows, so an endpoint cannot exist without its
// documentation.

import type { Route, RouteDeps } from '../types.js';
import { dictionaryRoutes } from './dictionary.js';
import { healthRoutes } from './health.js';
import { languageToolRoutes } from './languagetool.js';
import { liveRoute } from './live.js';
import { metricsRoute } from './metrics.js';
import { playgroundRoutes } from './playground.js';
import { romanizationRoutes } from './romanization.js';
import { spellcheckRoutes } from './spellcheck.js';
import { batchRoutes, documentRoutes } from './streams.js';

export { openApiRoute } from './metrics.js';

/** Every route but the OpenAPI document's (the server adds it once the document is made of these). */
export function buildRoutes(deps: RouteDeps): Route[] {
  const [up, health] = healthRoutes(deps);
  return [
    up!,
    metricsRoute(deps),
    health!,
    ...dictionaryRoutes(deps),
    ...spellcheckRoutes(deps),
    ...romanizationRoutes(deps),
    liveRoute(),
    ...documentRoutes(deps),
    ...batchRoutes(deps),
    ...playgroundRoutes(deps),
    ...languageToolRoutes(deps),
  ];
}
