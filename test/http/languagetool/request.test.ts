// What a /v2/check request asks: each of LanguageTool's rules and its
// sentence, the order they are found in, the credentials, and which rules a
// request's switches leave on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHECK_MESSAGES,
  CREDENTIAL_MESSAGES,
  MAX_CHECK_LENGTH,
  readApiKey,
  readCheckRequest,
  type CheckRequest,
} from '../../../src/http/languagetool/request.js';
import { activeRules } from '../../../src/languagetool/rules.js';

const params = (p: Record<string, string>) => new Map(Object.entries(p));

function refused(p: Record<string, string>): { status: number; message: string } {
  const r = readCheckRequest(params(p));
  assert.ok(!r.ok, 'refused');
  return r.problem;
}
function accepted(p: Record<string, string>): CheckRequest {
  const r = readCheckRequest(params(p));
  assert.ok(r.ok, r.ok ? '' : r.problem.message);
  return r.request;
}

test('exactly one of text or data', () => {
  assert.deepEqual(refused({ text: 'a', data: '{"text":"a"}', language: 'ne' }), { status: 400, message: CHECK_MESSAGES.textAndData });
  assert.deepEqual(refused({ language: 'ne' }), { status: 400, message: "Missing 'text' or 'data' parameter" });
  assert.equal(accepted({ data: '{"text":"घर"}', language: 'ne' }).text.plain, 'घर');
  assert.equal(refused({ data: '{', language: 'ne' }).message, "Could not parse JSON from 'data' parameter");
});

test('the language: ne or ne-NP in any case, or auto; anything else is refused with the sentence clients key on', () => {
  for (const language of ['ne', 'ne-NP', 'NE-np', 'Ne', 'auto']) accepted({ text: 'घर', language });
  assert.equal(refused({ text: 'घर' }).message, CHECK_MESSAGES.noLanguage);
  assert.equal(refused({ text: 'घर', language: '' }).message, CHECK_MESSAGES.noLanguage);
  assert.equal(
    refused({ text: 'घर', language: 'en-US' }).message,
    "'en-US' is not a language code known to LanguageTool. Supported language codes are: ne-NP.",
  );
  assert.equal(
    refused({ text: 'घर', language: 'ne-IN' }).message,
    "'ne-IN' is not a language code known to LanguageTool. Supported language codes are: ne-NP.",
  );
});

test("the old v1 names are refused with LanguageTool's sentences", () => {
  assert.equal(refused({ text: 'a', language: 'ne', enabled: 'X' }).message, CHECK_MESSAGES.enabled);
  assert.equal(refused({ text: 'a', language: 'ne', disabled: 'X' }).message, CHECK_MESSAGES.disabled);
  assert.equal(refused({ text: 'a', language: 'ne', preferredvariants: 'ne-NP' }).message, CHECK_MESSAGES.preferredvariants);
  assert.equal(refused({ text: 'a', language: 'ne', autodetect: '1' }).message, CHECK_MESSAGES.autodetect);
});

test('a text over the limit is 413 with its length, counted in UTF-16 units of the plain text', () => {
  const long = 'क'.repeat(MAX_CHECK_LENGTH + 1);
  assert.deepEqual(refused({ text: long, language: 'ne' }), {
    status: 413,
    message: `Your text exceeds the limit of ${MAX_CHECK_LENGTH} characters (it's ${MAX_CHECK_LENGTH + 1} characters). Please submit a shorter text.`,
  });
  accepted({ text: 'क'.repeat(MAX_CHECK_LENGTH), language: 'ne' });
  const markup = JSON.stringify({ annotation: [{ markup: '<x>'.repeat(MAX_CHECK_LENGTH) }, { text: 'घर' }] });
  accepted({ data: markup, language: 'ne' });
});

test('preferredVariants: with language=auto (Obsidian), variants of Nepali must be ne-NP', () => {
  accepted({ text: 'घर', language: 'auto', preferredVariants: 'en-US,de-DE' });
  accepted({ text: 'घर', language: 'auto', preferredVariants: 'en-GB, ne-NP' });
  assert.equal(refused({ text: 'घर', language: 'ne-NP', preferredVariants: 'en-US' }).message, CHECK_MESSAGES.variantsWithoutAuto);
  accepted({ text: 'घर', language: 'ne-NP', preferredVariants: 'en-US', multilingual: 'true' });
  assert.equal(
    refused({ text: 'घर', language: 'auto', preferredVariants: 'en' }).message,
    "Invalid format for 'preferredVariants', expected a dash as in 'en-GB': 'en'",
  );
  assert.equal(refused({ text: 'घर', language: 'auto', preferredVariants: 'ne-IN' }).message, CHECK_MESSAGES.unknownLanguage('ne-IN'));
  assert.equal(refused({ text: 'घर', language: 'ne', noopLanguages: 'en' }).message, CHECK_MESSAGES.noopLanguages);
  accepted({ text: 'घर', language: 'auto', noopLanguages: 'en' });
});

test('motherTongue and unknown parameters are accepted and ignored', () => {
  accepted({ text: 'घर', language: 'ne', motherTongue: 'de-DE', useragent: 'ltex', c: '1', whatever: 'x' });
});

test("level and mode: their values, and LanguageTool's sentences for others", () => {
  assert.equal(accepted({ text: 'a', language: 'ne', level: 'picky' }).level, 'picky');
  assert.equal(accepted({ text: 'a', language: 'ne' }).level, 'default');
  assert.equal(refused({ text: 'a', language: 'ne', level: 'strict' }).message, "If 'level' is set, it must be set to 'default' or 'picky'");
  assert.equal(accepted({ text: 'a', language: 'ne', mode: 'textLevelOnly' }).textLevelOnly, true);
  assert.equal(accepted({ text: 'a', language: 'ne', mode: 'allButTextLevelOnly' }).textLevelOnly, false);
  assert.equal(
    refused({ text: 'a', language: 'ne', mode: 'fast' }).message,
    "Mode must be one of 'textLevelOnly', 'allButTextLevelOnly', or 'all' but was: 'fast'",
  );
});

test('enabledOnly needs enabled rules or categories and no disabled ones', () => {
  assert.equal(refused({ text: 'a', language: 'ne', enabledOnly: 'true' }).message, CHECK_MESSAGES.enabledOnlyEmpty);
  assert.equal(
    refused({ text: 'a', language: 'ne', enabledOnly: 'true', enabledRules: 'X', disabledRules: 'Y' }).message,
    CHECK_MESSAGES.disabledWithEnabledOnly,
  );
  assert.equal(accepted({ text: 'a', language: 'ne', enabledOnly: 'yes', enabledCategories: 'TYPOS' }).enabledOnly, true);
});

test('the rules a request leaves on, and so the level it is checked at', () => {
  const on = (p: Record<string, string>) => [...activeRules(accepted({ text: 'a', language: 'ne', ...p }))].sort();
  const defaults = ['NEPALI_REAL_WORD_SPELLER_RULE', 'NEPALI_SPELLER_RULE', 'NEPALI_STANDARD_SPELLER_RULE'];
  assert.deepEqual(on({}), defaults);
  assert.deepEqual(on({ level: 'picky' }), [...defaults, 'NEPALI_UNKNOWN_WORD_SPELLER_RULE'].sort());
  assert.deepEqual(on({ enabledRules: 'NEPALI_UNKNOWN_WORD_SPELLER_RULE' }), [...defaults, 'NEPALI_UNKNOWN_WORD_SPELLER_RULE'].sort());
  assert.deepEqual(on({ disabledRules: 'NEPALI_STANDARD_SPELLER_RULE,OTHER_RULE' }), ['NEPALI_REAL_WORD_SPELLER_RULE', 'NEPALI_SPELLER_RULE']);
  assert.deepEqual(on({ disabledCategories: 'TYPOS' }), []);
  assert.deepEqual(on({ disabledCategories: 'GRAMMAR,STYLE' }), defaults, 'other categories have no rules here');
  assert.deepEqual(on({ enabledOnly: 'true', enabledRules: 'NEPALI_SPELLER_RULE' }), ['NEPALI_SPELLER_RULE']);
  assert.deepEqual(on({ enabledOnly: 'true', enabledCategories: 'TYPOS' }), [...defaults, 'NEPALI_UNKNOWN_WORD_SPELLER_RULE'].sort());
});

test('credentials: username with apiKey is a partner key; LanguageTool refuses the other combinations', () => {
  const key = (p: Record<string, string>) => readApiKey(params(p));
  assert.deepEqual(key({}), { ok: true, apiKey: '' });
  assert.deepEqual(key({ username: 'me@example.org', apiKey: 'k'.repeat(20) }), { ok: true, apiKey: 'k'.repeat(20) });
  assert.deepEqual(key({ api_key: '' }), { ok: true, apiKey: '' }, "gramma's empty api_key is not LanguageTool's parameter");
  const message = (p: Record<string, string>) => {
    const r = key(p);
    assert.ok(!r.ok);
    assert.equal(r.problem.status, 400);
    return r.problem.message;
  };
  assert.equal(message({ username: 'me' }), CREDENTIAL_MESSAGES.usernameAlone);
  assert.equal(message({ apiKey: 'abc' }), 'apiKey was set, but username was not: abc');
  assert.equal(message({ password: 'x' }), CREDENTIAL_MESSAGES.passwordAlone);
  assert.equal(message({ username: 'me', apiKey: 'a', password: 'x' }), CREDENTIAL_MESSAGES.apiKeyAndPassword);
  assert.equal(message({ username: 'me', password: 'x' }), CREDENTIAL_MESSAGES.password);
});
