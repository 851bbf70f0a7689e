// The playground: GET / (a page to try the service in a browser) and
// GET /playground/{file} (its script, style sheet and the orthography rules'
// texts). The page and the style sheet are src/playground/index.html and
// app.css; the scripts are compiled from src/playground/*.ts into
// dist/playground/ by tsconfig.playground.json (`make build`, `npm run
// build`). Everything is read once, when the routes are built; the page talks
// to the service over GET /api/v1/live only.
//
// Each answer carries a weak ETag of its bytes and `Cache-Control: no-cache`
// (a cache keeps it but asks again: a 304 after a restart on the same code),
// and the page a Content-Security-Policy that allows nothing but this origin
// (its WebSocket included: 'self' covers ws: and wss: of the same host).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { ErrorBody, ORTHOGRAPHY_RULE_TEXTS } from '../../schemas/common.js';
import { conditional } from '../caching.js';
import { errorReply } from '../errors.js';
import { route, type Reply, type RequestContext, type ResponseDoc, type Route, type RouteDeps } from '../types.js';

/** The repository: this file is dist/src/http/routes/playground.js. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const PLAYGROUND_SOURCE_DIR = join(ROOT, 'src', 'playground');
export const PLAYGROUND_SCRIPT_DIR = join(ROOT, 'dist', 'playground');

export const PLAYGROUND_CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** Always revalidated: the files change with the code, and their ETag says when. */
export const PLAYGROUND_CACHE_CONTROL = 'no-cache';

const HTML = 'text/html; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

interface Asset {
  bytes: Buffer;
  contentType: string;
  /** The ETag's "data version": a digest of the bytes. */
  version: string;
}

function asset(bytes: Buffer, contentType: string): Asset {
  return { bytes, contentType, version: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

/** The page and the files under /playground/, by name; a missing build is said once in the log. */
function loadAssets(logError: RouteDeps['logError']): { page: Asset | null; files: Map<string, Asset> } {
  const files = new Map<string, Asset>();
  const read = (path: string): Buffer | null => {
    try {
      return readFileSync(path);
    } catch {
      return null;
    }
  };
  const html = read(join(PLAYGROUND_SOURCE_DIR, 'index.html'));
  const css = read(join(PLAYGROUND_SOURCE_DIR, 'app.css'));
  if (css) files.set('app.css', asset(css, CSS));
  if (existsSync(PLAYGROUND_SCRIPT_DIR)) {
    for (const name of readdirSync(PLAYGROUND_SCRIPT_DIR)) {
      if (!name.endsWith('.js')) continue;
      const js = read(join(PLAYGROUND_SCRIPT_DIR, name));
      if (js) files.set(name, asset(js, JS));
    }
  }
  files.set('rules.json', asset(Buffer.from(JSON.stringify(ORTHOGRAPHY_RULE_TEXTS)), JSON_TYPE));
  if (!html || !files.has('app.js')) {
    logError(
      `the playground is not built (${html ? `${PLAYGROUND_SCRIPT_DIR}/app.js` : `${PLAYGROUND_SOURCE_DIR}/index.html`} is missing): GET / answers 404; run \`make build\``,
    );
  }
  return { page: html && files.has('app.js') ? asset(html, HTML) : null, files };
}

function serve(ctx: RequestContext, a: Asset, name: string, extraHeaders: Record<string, string>): Reply | Promise<Reply> {
  return conditional(
    ctx,
    a.version,
    name,
    () => ({
      status: 200,
      content: { bytes: a.bytes, type: a.contentType, encoding: null },
      headers: { 'X-Content-Type-Options': 'nosniff', ...extraHeaders },
    }),
    PLAYGROUND_CACHE_CONTROL,
  );
}

export function playgroundRoutes(deps: RouteDeps): Route[] {
  const { page, files } = loadAssets(deps.logError);
  const notModified: ResponseDoc = {
    description: "Not Modified: If-None-Match holds this file's ETag (a digest of its bytes). No body.",
    noBody: true,
    headers: ['ETag', 'Cache-Control'],
  };
  const notBuilt = 'NOT_FOUND when the playground is not built (`make build` compiles it).';
  return [
    route({
      method: 'GET',
      path: '/',
      operationId: 'playground',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'The playground page',
        description:
          "An HTML page, in Nepali and English, to try the service in a browser: romanized typing turned into Devanagari word by word, live spellcheck with the corrections and the rule of the standard, dictionary look-up and autocomplete, all over the WebSocket GET /api/v1/live. Not rate limited (the page's WebSocket is). `Content-Security-Policy: " +
          PLAYGROUND_CSP +
          "`; `Cache-Control: no-cache` with a weak ETag of the page's bytes.",
        tag: 'playground',
        responses: {
          200: { description: 'The page.', schema: Type.String(), contentType: HTML, headers: ['ETag', 'Cache-Control', 'Content-Security-Policy'] },
          304: notModified,
          404: { description: notBuilt, schema: ErrorBody },
        },
      },
      handle({ ctx }) {
        if (!page) return errorReply('NOT_FOUND', 'The playground is not built');
        return serve(ctx, page, '/', { 'Content-Security-Policy': PLAYGROUND_CSP, 'Referrer-Policy': 'no-referrer' });
      },
    }),
    route({
      method: 'GET',
      path: '/playground/{file}',
      operationId: 'playgroundFile',
      body: false,
      rateLimited: false,
      doc: {
        summary: "The playground's files",
        description: `The page's script modules (compiled from src/playground/*.ts), its style sheet app.css, and rules.json (each orthography rule id with the rule of the standard, in Nepali). Files here: ${[...files.keys()].sort().join(', ')}. Not rate limited; \`Cache-Control: no-cache\` with a weak ETag of the file's bytes.`,
        tag: 'playground',
        pathParams: [{ name: 'file', schema: Type.String({ description: 'A file name, e.g. app.js.' }) }],
        responses: {
          200: {
            description: 'The file (text/javascript, text/css or application/json).',
            schema: Type.String(),
            contentType: JS,
            headers: ['ETag', 'Cache-Control'],
          },
          304: notModified,
          404: { description: `NOT_FOUND: no such file; ${notBuilt}`, schema: ErrorBody },
        },
      },
      handle({ ctx }) {
        const name = ctx.params[0] ?? '';
        const a = files.get(name);
        if (!a) return errorReply('NOT_FOUND', `No playground file ${name}`);
        return serve(ctx, a, name, {});
      },
    }),
  ];
}
