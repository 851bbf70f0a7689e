// The schemas against the engine result types (at compile time), the body
// checkers' messages and their order, and the query readers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Static } from 'typebox';
import type { EnglishSearchResult, ExamplesResult, MultiDictResult, VariantsResult } from '../../src/dispatch/services.js';
import type { DictionaryEntryResult, RomanizationResult, SpellcheckTextResult, SpellcheckWordResult } from '../../src/engine/results.js';
import { HttpError } from '../../src/http/errors.js';
import { parseQueryString, readParameter, readQuery } from '../../src/http/query.js';
import type { ExamplesResponse } from '../../src/schemas/dictionary-examples.js';
import type { EnglishResponse } from '../../src/schemas/dictionary-english.js';
import { SuggestQueryCheck } from '../../src/schemas/dictionary-suggest.js';
import type { DictionaryEntry, MultiDictResponse, VariantsResponse } from '../../src/schemas/dictionary-word.js';
import { WordQueryCheck } from '../../src/schemas/dictionary-word.js';
import { checkRomanizationBody, type RomanizationResponse } from '../../src/schemas/romanization-resolve.js';
import { countWords } from '../../src/engine/lang/text.js';
import { checkSpellcheckTextBody, type SpellcheckTextResponse } from '../../src/schemas/spellcheck-text.js';
import type { SpellcheckWordResponse } from '../../src/schemas/spellcheck-word.js';
import { SpellcheckTextBody } from '../../src/schemas/spellcheck-text.js';

// ---- compile time: the published schemas and the engine types are the same shapes.
// `tsc` fails on this file when they drift apart.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const shapesAgree: [
  Equal<DictionaryEntry, DictionaryEntryResult>,
  Equal<VariantsResponse, VariantsResult>,
  Equal<MultiDictResponse, MultiDictResult>,
  Equal<ExamplesResponse, ExamplesResult>,
  Equal<EnglishResponse, EnglishSearchResult>,
  Equal<SpellcheckTextResponse, SpellcheckTextResult>,
  Equal<SpellcheckWordResponse, SpellcheckWordResult>,
  Equal<RomanizationResponse, RomanizationResult>,
  Equal<Static<typeof SpellcheckTextBody>, { text: string; level?: 'standard' | 'lenient' }>,
] = [true, true, true, true, true, true, true, true, true];

test('response schemas and engine result types agree (checked by tsc)', () => {
  assert.ok(shapesAgree.every(Boolean));
});

// ---- body checkers

const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

test('spellcheck body: messages in a fixed order', () => {
  assert.deepEqual(checkSpellcheckTextBody({ text: 'घर' }, words), { ok: true, value: { text: 'घर' } });
  assert.deepEqual(checkSpellcheckTextBody({ text: 'घर', extra: 1 }, words), { ok: true, value: { text: 'घर' } });
  const detail = (b: unknown) => {
    const c = checkSpellcheckTextBody(b, words);
    return c.ok ? null : c.detail;
  };
  assert.equal(detail(null), 'Request body must be a JSON object');
  assert.equal(detail([]), 'Request body must be a JSON object');
  assert.equal(detail(7), 'Request body must be a JSON object');
  assert.equal(detail({}), "Field 'text' is required");
  assert.equal(detail({ text: null }), "Field 'text' is required");
  assert.equal(detail({ text: {} }), "Field 'text' must be a string");
  assert.equal(detail({ text: 'a'.repeat(10_001) }), 'Text exceeds 10000 characters');
  assert.equal(detail({ text: 'a '.repeat(1001) }), 'Text exceeds 1000 words');
  assert.equal(detail({ text: 'a '.repeat(1000) }), null);
  // Characters are code points: 10,000 astral characters are 20,000 UTF-16 units.
  assert.equal(detail({ text: '😀'.repeat(10_000) }), null);
  assert.equal(detail({ text: '😀'.repeat(10_001) }), 'Text exceeds 10000 characters');
});

test('the character limit is checked before words are counted', () => {
  let counted = false;
  const c = checkSpellcheckTextBody({ text: 'a '.repeat(6000) }, (t) => {
    counted = true;
    return words(t);
  });
  assert.deepEqual(c, { ok: false, detail: 'Text exceeds 10000 characters' });
  assert.equal(counted, false);
});

test('romanization body: exactly one input, null as absent, max_candidates default and range', () => {
  assert.deepEqual(checkRomanizationBody({ text: 'ghar' }, countWords), { ok: true, value: { kind: 'text', text: 'ghar', maxCandidates: 5 } });
  assert.deepEqual(checkRomanizationBody({ tokens: ['a'], max_candidates: 10 }, countWords), {
    ok: true,
    value: { kind: 'tokens', tokens: ['a'], maxCandidates: 10 },
  });
  assert.deepEqual(checkRomanizationBody({ text: 'x', tokens: null }, countWords), { ok: true, value: { kind: 'text', text: 'x', maxCandidates: 5 } });
  const detail = (b: unknown) => {
    const c = checkRomanizationBody(b, countWords);
    return c.ok ? null : c.detail;
  };
  assert.equal(detail({}), "Provide either 'text' or 'tokens'");
  assert.equal(detail({ max_candidates: 0 }), "Provide either 'text' or 'tokens'", 'the missing input is reported first');
  assert.equal(detail({ text: 'a', tokens: [] }), "Provide either 'text' or 'tokens', not both");
  assert.equal(detail({ text: 1 }), "Field 'text' must be a string");
  assert.equal(detail({ tokens: {} }), "Field 'tokens' must be an array of strings");
  assert.equal(detail({ tokens: [null] }), "Field 'tokens' must be an array of strings");
  assert.equal(detail({ tokens: Array(1001).fill('a') }), "Field 'tokens' has more than 1000 items");
  assert.equal(detail({ tokens: ['a'.repeat(101)] }), 'Each token must be at most 100 characters');
  assert.equal(detail({ text: 'a', max_candidates: 0 }), "Field 'max_candidates' must be an integer between 1 and 10");
  assert.equal(detail({ text: 'a', max_candidates: 11 }), "Field 'max_candidates' must be an integer between 1 and 10");
  assert.equal(detail({ text: 'a', max_candidates: 1.5 }), "Field 'max_candidates' must be an integer between 1 and 10");
  assert.equal(detail('text'), 'Request body must be a JSON object');
});

// ---- query readers

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return (e.reply.body as { error: { code: string } }).error.code;
    throw e;
  }
  return 'OK';
}

test('query strings: strict percent-decoding, "+" as space, repeated names kept', () => {
  const m = parseQueryString('q=%E0%A4%98%E0%A4%B0&x=a+b&x=c&flag&=v');
  assert.deepEqual(m.get('q'), ['घर']);
  assert.deepEqual(m.get('x'), ['a b', 'c']);
  assert.deepEqual(m.get('flag'), ['']);
  assert.equal(
    code(() => parseQueryString('q=%E0%A4')),
    'INVALID_PARAMETER',
  );
  assert.equal(
    code(() => parseQueryString('q%ZZ=1')),
    'INVALID_PARAMETER',
  );
});

test('parameters read by their schema: defaults, booleans, integers, lengths', () => {
  assert.deepEqual(readQuery('q=%E0%A4%98', SuggestQueryCheck), { q: 'घ', limit: 10 });
  assert.deepEqual(readQuery('q=a&limit=+7', SuggestQueryCheck), { q: 'a', limit: 7 });
  assert.deepEqual(readQuery('q=a&include_variants=1&multi_dict=False', WordQueryCheck), { q: 'a', include_variants: true, multi_dict: false });
  assert.equal(
    code(() => readQuery('limit=3', SuggestQueryCheck)),
    'MISSING_PARAMETER',
  );
  assert.equal(
    code(() => readQuery('q=a&limit=0x10', SuggestQueryCheck)),
    'INVALID_PARAMETER',
  );
  assert.equal(
    code(() => readParameter('x', 'maybe', { type: 'boolean', default: false })),
    'INVALID_PARAMETER',
  );
  assert.equal(readParameter('x', undefined, { type: 'boolean', default: false }), false);
  assert.equal(
    code(() => readParameter('x', 'ab', { type: 'string', maxLength: 1 })),
    'INVALID_PARAMETER',
  );
  assert.equal(readParameter('x', ' 😀 ', { type: 'string', maxLength: 1 }), '😀');
});
