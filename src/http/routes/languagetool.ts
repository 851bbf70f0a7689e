// The LanguageTool-compatible endpoints at /v2/ (what editors append to the
// base URL a user gives them): check, languages, info, maxtextlength,
// configinfo and healthcheck, by GET and POST, with LanguageTool's
// parameters, answers and text/plain errors (src/http/languagetool/ reads
// the requests, src/languagetool/ makes the answers; the settings for each
// editor: docs/editors.md).

import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Type from 'typebox';
import { codeVersion } from '../../dispatch/code-version.js';
import { Serialized } from '../../dispatch/services.js';
import { mainSpares } from '../../dispatch/spare-buffers.js';
import { splitDocument } from '../../dispatch/split.js';
import { codePointLength } from '../../schemas/common.js';
import { LtCheckParameters, LtCheckResponse, LtConfigInfo, LtErrorText, LtInfo, LtLanguages } from '../../schemas/languagetool.js';
import { MAX_TEXT_CHARACTERS, MAX_TEXT_WORDS, type SpellcheckTextResponse } from '../../schemas/spellcheck-text.js';
import { NEPALI, runCount, type SoftwareInfo } from '../../languagetool/answer.js';
import { checkJobAnswer, type LtCheckJob } from '../../languagetool/check.js';
import { activeRules, RULES, STANDARD_RULE, TYPOS } from '../../languagetool/rules.js';
import { readParameters } from '../languagetool/form.js';
import { asLtError, ltError, textReply, TEXT_TYPE } from '../languagetool/reply.js';
import { CHECK_MESSAGES, isNepali, MAX_CHECK_LENGTH, readApiKey, readCheckRequest } from '../languagetool/request.js';
import { JSON_TYPE, route, type FormReader, type HandlerInput, type Reply, type ResponseDoc, type Route, type RouteDeps } from '../types.js';
import { okReply, unwrap } from './common.js';

type Params = ReadonlyMap<string, string>;

const FORM: FormReader<Params> = {
  read: readParameters,
  apiKey(params) {
    const r = readApiKey(params);
    return r.ok ? r.apiKey : ltError(r.problem.status, r.problem.message);
  },
};

const TAG = 'languagetool';
const text = (description: string): ResponseDoc => ({ description, schema: LtErrorText, contentType: TEXT_TYPE });
const ERRORS: Record<number, ResponseDoc> = {
  401: text('Error: Unknown API key (apiKey or X-API-Key names no partner key).'),
  429: text('Error: Rate limit exceeded; retry after N seconds, with a Retry-After header.'),
  503: text('Error: the service is overloaded or shutting down, with a Retry-After header.'),
};

const UTF8 = new TextDecoder();

/** A 200 answer of JSON made as text (languagetool/answer.ts): compressed here when the client accepts a coding, as any answer made on this thread. */
const jsonReply = (json: string): Reply => ({ status: 200, content: { bytes: json, type: JSON_TYPE, encoding: null } });

/** The service's version and when its code was built: the `software` block. */
function softwareInfo(): SoftwareInfo {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return { version: pkg.version, buildDate: statSync(fileURLToPath(import.meta.url)).mtime.toISOString() };
}

/**
 * LanguageTool's answer to a text to check: made by one job where the
 * text is checked (a worker thread's answer, serialized and compressed
 * there, is sent as it is), or, for a text longer than a single request
 * takes, from the spellcheck of its pieces (each after the first counted as
 * a request).
 */
async function answer(deps: RouteDeps, job: LtCheckJob, input: HandlerInput<undefined, Params>): Promise<Reply> {
  const { services } = deps;
  const { plain } = job;
  const options = { signal: input.signal(), encoding: input.ctx.encoding, client: input.client };
  // Cheap tests first (UTF-16 units are never fewer than code points; runCount): this runs on the main thread.
  const withinCharacters = plain.length <= MAX_TEXT_CHARACTERS || codePointLength(plain) <= MAX_TEXT_CHARACTERS;
  if (withinCharacters && (runCount(plain) <= MAX_TEXT_WORDS || deps.countWords(plain) <= MAX_TEXT_WORDS)) {
    const v = unwrap(await services.languageToolCheck(job, options), 'languageToolCheck');
    return v instanceof Serialized ? okReply(v) : jsonReply(v);
  }
  const split = splitDocument(Buffer.from(plain), { characters: MAX_TEXT_CHARACTERS, words: MAX_TEXT_WORDS, tokens: Infinity });
  if (!split.ok)
    return ltError(413, `Your text has a run of over ${MAX_TEXT_CHARACTERS} characters without white space (at ${split.at}), which cannot be checked.`);
  const grant = await input.quota.take(split.pieces.length - 1, 'all');
  if (grant.granted < split.pieces.length - 1) {
    return ltError(429, `Rate limit exceeded: this text is checked as ${split.pieces.length} requests; retry after ${grant.retryAfterSeconds} seconds`, {
      'Retry-After': String(grant.retryAfterSeconds),
    });
  }
  const one = async (t: string): Promise<SpellcheckTextResponse> => {
    const v = unwrap(await services.spellcheckText(t, { ...options, encoding: null, level: job.level }), 'spellcheckText');
    if (!(v instanceof Serialized)) return v;
    const result = JSON.parse(UTF8.decode(v.json)) as SpellcheckTextResponse;
    // Read: the answer's memory serves the next one.
    if (v.owned) mainSpares.give(v.json.buffer as ArrayBuffer);
    return result;
  };
  const results = await Promise.all(split.pieces.map((p) => one(plain.slice(p.start, p.end))));
  const merged: SpellcheckTextResponse = { misspelled: [], unknown: [] };
  results.forEach((r, i) => {
    const shift = split.pieces[i]!.start;
    const moved = <T extends { occurrences: { start: number; end: number }[] }>(w: T): T => ({
      ...w,
      occurrences: w.occurrences.map((o) => ({ start: o.start + shift, end: o.end + shift })),
    });
    merged.misspelled.push(...r.misspelled.map(moved));
    merged.unknown.push(...r.unknown.map(moved));
  });
  return jsonReply(checkJobAnswer(job, merged));
}

/** A /v2/ endpoint by GET (parameters in the query) and POST (in a form body too). */
function both(
  name: string,
  summary: string,
  description: string,
  responses: Record<number, ResponseDoc>,
  handle: (input: HandlerInput<undefined, Params>) => Reply | Promise<Reply>,
  rateLimited = true,
): Route[] {
  return (['GET', 'POST'] as const).map((method) =>
    route<undefined, Params>({
      method,
      path: `/v2/${name}`,
      operationId: `languageTool${name[0]!.toUpperCase()}${name.slice(1)}${method === 'GET' ? 'Get' : 'Post'}`,
      body: 'form',
      form: FORM,
      rateLimited,
      renderError: asLtError,
      doc: {
        summary,
        description: `${description} LanguageTool-compatible (docs/editors.md); errors are text/plain "Error: ..." as LanguageTool writes them.`,
        tag: TAG,
        ...(name === 'check'
          ? method === 'GET'
            ? { query: LtCheckParameters }
            : { bodyContent: { 'application/x-www-form-urlencoded': LtCheckParameters } }
          : {}),
        responses: rateLimited ? { ...responses, ...ERRORS } : responses,
      },
      handle,
    }),
  );
}

export function languageToolRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  const software = softwareInfo();

  async function check(input: HandlerInput<undefined, Params>): Promise<Reply> {
    const r = readCheckRequest(input.body);
    if (!r.ok) return ltError(r.problem.status, r.problem.message);
    const req = r.request;
    const active = activeRules(req);
    const job: LtCheckJob = {
      plain: req.text.plain,
      markup: req.text.markup,
      level: active.has(STANDARD_RULE.id) ? 'standard' : 'lenient',
      active: [...active],
      software,
    };
    if (!req.textLevelOnly && active.size > 0 && /\S/u.test(req.text.plain)) return answer(deps, job, input);
    return jsonReply(checkJobAnswer(job, null));
  }

  const languages = [{ name: NEPALI.name, code: NEPALI.code, longCode: NEPALI.longCode }];
  const info = { software: { name: 'LanguageTool', version: software.version, buildDate: software.buildDate, commit: codeVersion(), premium: false } };

  return [
    ...both(
      'check',
      'Check a text (LanguageTool API)',
      `The body is read as application/x-www-form-urlencoded whatever its Content-Type (query parameters override it), leniently: raw UTF-8 and a stray % are taken as they are. At most ${MAX_CHECK_LENGTH.toLocaleString('en')} UTF-16 code units of plain text; a text over ${MAX_TEXT_WORDS.toLocaleString('en')} words or ${MAX_TEXT_CHARACTERS.toLocaleString('en')} characters is checked in pieces, each after the first counted as a request. Rules: ${RULES.map((r) => r.id).join(', ')} (category TYPOS).`,
      {
        200: { description: "Matches in LanguageTool's shape, one per occurrence, sorted by offset, offsets in UTF-16 code units.", schema: LtCheckResponse },
        400: text("Error: one of LanguageTool's sentences (missing text or data, an unknown language code, a bad level or mode...)."),
        413: text(`Error: ${CHECK_MESSAGES.tooLong(MAX_CHECK_LENGTH + 1).replace(String(MAX_CHECK_LENGTH + 1), 'M')} (also a body over MAX_BODY_BYTES).`),
      },
      check,
    ),
    ...both(
      'languages',
      'Languages (LanguageTool API)',
      'Nepali alone: [{"name":"Nepali","code":"ne","longCode":"ne-NP"}].',
      { 200: { description: 'The languages.', schema: LtLanguages } },
      () => ({ status: 200, body: languages }),
    ),
    ...both(
      'info',
      'Software (LanguageTool API)',
      "This service's version in LanguageTool's software block.",
      { 200: { description: 'The software block.', schema: LtInfo } },
      () => ({ status: 200, body: info }),
    ),
    ...both(
      'maxtextlength',
      'Longest text (LanguageTool API)',
      'The longest text /v2/check takes, in characters, as text/plain.',
      { 200: { description: String(MAX_CHECK_LENGTH), schema: Type.String({ pattern: '^[0-9]+$' }), contentType: TEXT_TYPE } },
      () => textReply(200, String(MAX_CHECK_LENGTH)),
    ),
    ...both(
      'configinfo',
      'Rules of a language (LanguageTool API)',
      "The rules /v2/check answers with, for language=ne or ne-NP; another code is LanguageTool's 400.",
      { 200: { description: 'The configuration.', schema: LtConfigInfo }, 400: text("Error: 'language' parameter missing, or an unknown language code.") },
      ({ body: params }) => {
        const language = params.get('language');
        if (language === undefined) return ltError(400, "'language' parameter missing");
        if (!isNepali(language)) return ltError(400, CHECK_MESSAGES.unknownLanguage(language));
        return {
          status: 200,
          body: {
            software: { name: 'LanguageTool', version: software.version, buildDate: software.buildDate, premium: false },
            parameter: { maxTextLength: MAX_CHECK_LENGTH },
            rules: RULES.map((r) => ({
              ruleId: r.id,
              description: r.description,
              isDictionaryBasedSpellingRule: 'yes',
              ...(r.defaultOff ? { isDefaultOff: 'yes' } : {}),
              categoryId: TYPOS.id,
              categoryName: TYPOS.name,
              locQualityIssueType: r.issueType,
            })),
          },
        };
      },
    ),
    ...both(
      'healthcheck',
      'Health (LanguageTool API)',
      'OK (text/plain) while the store can be read and the service is not stopping; not rate limited.',
      { 200: { description: 'OK', schema: Type.Literal('OK'), contentType: TEXT_TYPE }, 503: text('Error: Healthcheck failed: ...') },
      () => {
        if (deps.isShuttingDown()) return ltError(503, 'Healthcheck failed: the service is shutting down');
        if (!services.storeReadable()) return ltError(503, 'Healthcheck failed: the word store cannot be read');
        return textReply(200, 'OK');
      },
      false,
    ),
  ];
}
