// The router: the routes table grouped by uWS pattern, and the one place a
// route's input is read and checked before its handler runs: the query
// against the route's compiled schema (MISSING_PARAMETER, INVALID_PARAMETER),
// the path parameters decoded and read by their schemas, and the JSON body by
// its BodyValidator (Shape B with the detail of its first problem). Handlers
// get typed input and never call a validator themselves. The live channel
// runs its operations through here too, so a message is checked exactly as
// the REST request it stands for.

import { detailReply } from './errors.js';
import { readPathParameter, readQuery } from './query.js';
import type { RawInput, Reply, Route } from './types.js';

/** The routes sharing one uWS pattern, by method. */
export interface PatternGroup {
  /** The path in OpenAPI form; logged instead of the raw path so words in the path stay out of logs. */
  template: string;
  byMethod: Map<string, Route>;
  /** Allow header value: the methods, HEAD where GET is, and OPTIONS. */
  allow: string;
  paramCount: number;
}

/** The routes by uWS pattern (/api/v1/dictionary/word/:word); two routes for one method and path are a programming error. */
export function groupRoutes(routes: readonly Route[]): Map<string, PatternGroup> {
  const groups = new Map<string, PatternGroup>();
  for (const route of routes) {
    const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
    let g = groups.get(pattern);
    if (!g) {
      g = { template: route.path, byMethod: new Map(), allow: '', paramCount: (pattern.match(/:/g) ?? []).length };
      groups.set(pattern, g);
    }
    if (g.byMethod.has(route.method)) throw new Error(`two routes for ${route.method} ${route.path}`);
    g.byMethod.set(route.method, route);
  }
  for (const g of groups.values()) {
    const methods = [...g.byMethod.keys()];
    if (g.byMethod.has('GET')) methods.push('HEAD');
    methods.push('OPTIONS');
    g.allow = methods.join(', ');
  }
  return groups;
}

/**
 * Reads the route's query, path parameters and body (after the body's bytes
 * were read and decoded), then runs its handler. An input error is thrown as
 * an HttpError (query, path) or answered in Shape B (body), as before.
 */
export function runRoute(route: Route, input: RawInput, countWords: (text: string) => number): Reply | Promise<Reply> {
  const query = route.query ? readQuery(input.ctx.query, route.query) : undefined;
  const params = route.pathParams ? route.pathParams.map((p, i) => readPathParameter(p.name, input.ctx.params[i], p.schema)) : input.ctx.params;
  let body = input.body;
  if (route.jsonBody) {
    const c = route.jsonBody.check(body, countWords);
    if (!c.ok) return detailReply(c.detail);
    body = c.value;
  }
  return route.handle({ ...input, query, params, body });
}
