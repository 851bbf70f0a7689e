// The /v2/check answer: LanguageTool's shape with every field, one match per
// occurrence in order, context and sentences, offsets through markup.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Compile } from 'typebox/compile';
import { parseData, plainText } from '../../src/languagetool/annotated.js';
import { checkAnswerJson, contextOf, runCount, sentencesOf, type AnswerInput, type LtMatch } from '../../src/languagetool/answer.js';
import { limitWords } from '../../src/schemas/common.js';
import { activeRules, type RuleSelection } from '../../src/languagetool/rules.js';
import { LtCheckResponse } from '../../src/schemas/languagetool.js';
import type { SpellcheckTextResponse } from '../../src/schemas/spellcheck-text.js';

const Check = Compile(LtCheckResponse);
const software = { version: '9.9.9', buildDate: '2026-01-01T00:00:00.000Z' };
const selection: RuleSelection = { level: 'default', enabledRules: [], disabledRules: [], enabledCategories: [], disabledCategories: [], enabledOnly: false };

/** The spellcheck result of `text` with these words misspelled or unknown, found where they occur. */
function result(text: string, misspelled: [string, string[], 'typo' | 'real-word' | 'standard', string?][], unknown: string[] = []): SpellcheckTextResponse {
  const at = (w: string) => [...text.matchAll(new RegExp(w, 'g'))].map((m) => ({ start: m.index, end: m.index + w.length }));
  return {
    misspelled: misspelled.map(([word, corrections, category, rule]) => ({
      word,
      status: 'misspelled' as const,
      corrections,
      occurrences: at(word),
      category,
      ...(rule ? { rule } : {}),
    })),
    unknown: unknown.map((word) => ({ word, status: 'unknown' as const, occurrences: at(word) })),
  };
}

/** The answer as its JSON reads, which must be the text JSON.stringify writes for it (the answer is written from pieces). */
function checkAnswer(input: AnswerInput): Record<string, unknown> {
  const text = checkAnswerJson(input);
  const body = JSON.parse(text) as Record<string, unknown>;
  assert.equal(JSON.stringify(body), text);
  return body;
}

function matchesOf(body: Record<string, unknown>): LtMatch[] {
  assert.ok(Check.Check(body), JSON.stringify([...Check.Errors(body)].slice(0, 3)));
  return body.matches as LtMatch[];
}

test('every field LanguageTool writes, one match per occurrence, sorted by offset', () => {
  const text = 'पानि र छेत्र। पानि।';
  const body = checkAnswer({
    text: plainText(text),
    result: result(text, [
      ['पानि', ['पानी'], 'standard', 'tadbhav-hrasva'],
      ['छेत्र', ['क्षेत्र'], 'real-word'],
    ]),
    active: activeRules(selection),
    software,
    ruleTexts: { 'tadbhav-hrasva': 'तद्भवमा ह्रस्व' },
  });
  const m = matchesOf(body);
  assert.deepEqual(
    m.map((x) => [x.offset, x.length, x.rule.id]),
    [
      [0, 4, 'NEPALI_STANDARD_SPELLER_RULE'],
      [7, 5, 'NEPALI_REAL_WORD_SPELLER_RULE'],
      [14, 4, 'NEPALI_STANDARD_SPELLER_RULE'],
    ],
  );
  assert.equal(m[0]!.rule.subId, 'tadbhav-hrasva');
  assert.match(m[0]!.message, /पानी.*तद्भवमा ह्रस्व/);
  assert.equal(m[1]!.rule.subId, undefined);
  assert.deepEqual(m[1]!.replacements, [{ value: 'क्षेत्र' }]);
  assert.deepEqual(m[1]!.rule.category, { id: 'TYPOS', name: 'Possible Typo' });
  assert.equal(m[1]!.rule.issueType, 'misspelling');
  assert.equal(m[1]!.sentence, 'पानि र छेत्र।');
  assert.equal(m[2]!.sentence, 'पानि।');
  assert.deepEqual(body.sentenceRanges, [
    [0, 13],
    [14, 19],
  ]);
  assert.deepEqual(body.software, { name: 'LanguageTool', version: '9.9.9', buildDate: software.buildDate, apiVersion: 1, premium: false, status: '' });
  assert.deepEqual((body.language as { detectedLanguage: { code: string } }).detectedLanguage.code, 'ne-NP');
});

test('unknown words only when their rule is on; a rule left off drops its matches', () => {
  const text = 'ओबामा घरु';
  const r = result(text, [['घरु', ['घर'], 'typo']], ['ओबामा']);
  const ids = (s: Partial<RuleSelection>) =>
    matchesOf(checkAnswer({ text: plainText(text), result: r, active: activeRules({ ...selection, ...s }), software, ruleTexts: {} })).map((m) => m.rule.id);
  assert.deepEqual(ids({}), ['NEPALI_SPELLER_RULE']);
  assert.deepEqual(ids({ level: 'picky' }), ['NEPALI_UNKNOWN_WORD_SPELLER_RULE', 'NEPALI_SPELLER_RULE']);
  assert.deepEqual(ids({ disabledRules: ['NEPALI_SPELLER_RULE'] }), []);
  const unknown = matchesOf(
    checkAnswer({ text: plainText(text), result: r, active: activeRules({ ...selection, level: 'picky' }), software, ruleTexts: {} }),
  )[0]!;
  assert.deepEqual(unknown.replacements, []);
  assert.equal(unknown.shortMessage, 'Unknown word');
});

test('offsets in UTF-16 units, past characters outside the BMP', () => {
  const text = '😀𝐀 घरु';
  const m = matchesOf(
    checkAnswer({ text: plainText(text), result: result(text, [['घरु', ['घर'], 'typo']]), active: activeRules(selection), software, ruleTexts: {} }),
  );
  assert.equal(m[0]!.offset, 5);
  assert.equal(text.slice(m[0]!.offset, m[0]!.offset + m[0]!.length), 'घरु');
});

test('through data markup: offsets and context in the text with its markup, the sentence in the plain text', () => {
  const parsed = parseData(
    JSON.stringify({
      annotation: [{ markup: '<p>' }, { text: 'हामी ' }, { markup: '<b>' }, { text: 'पानि' }, { markup: '</b>' }, { text: ' खान्छौँ।' }, { markup: '</p>' }],
    }),
  );
  assert.ok(parsed.ok);
  const t = parsed.text;
  const m = matchesOf(
    checkAnswer({ text: t, result: result(t.plain, [['पानि', ['पानी'], 'standard']]), active: activeRules(selection), software, ruleTexts: {} }),
  );
  assert.equal(m[0]!.offset, '<p>हामी <b>'.length);
  assert.equal(t.original.slice(m[0]!.offset, m[0]!.offset + m[0]!.length), 'पानि');
  assert.equal(m[0]!.context.text, '<p>हामी <b>पानि</b> खान्छौँ।</p>');
  assert.equal(m[0]!.sentence, 'हामी पानि खान्छौँ।');
});

test('words that map into one interpretAs are answered once, never overlapping', () => {
  const parsed = parseData(JSON.stringify({ annotation: [{ markup: '<x/>', interpretAs: 'घरु घरु' }] }));
  assert.ok(parsed.ok);
  const m = matchesOf(
    checkAnswer({ text: parsed.text, result: result(parsed.text.plain, [['घरु', ['घर'], 'typo']]), active: activeRules(selection), software, ruleTexts: {} }),
  );
  assert.deepEqual(
    m.map((x) => [x.offset, x.length]),
    [[0, 4]],
  );
});

test('no result (nothing checked): no matches, the rest of the answer all there', () => {
  const body = checkAnswer({ text: plainText(''), result: null, active: new Set(), software, ruleTexts: {} });
  assert.deepEqual(matchesOf(body), []);
  assert.deepEqual(body.sentenceRanges, []);
});

test("context: 40 units either side, '...' where cut, newlines as spaces, never half a surrogate pair", () => {
  const left = 'क'.repeat(50);
  const c = contextOf(`${left}\nघरु\n${left}`, 51, 54);
  assert.equal(c.text, `...${'क'.repeat(39)} घरु ${'क'.repeat(39)}...`);
  assert.equal(c.text.slice(c.offset, c.offset + c.length), 'घरु');
  assert.deepEqual(contextOf('घरु', 0, 3), { text: 'घरु', offset: 0, length: 3 });
  const emoji = '😀'.repeat(30);
  const e = contextOf(`${emoji}घरु${emoji}`, 60, 63);
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(e.text), 'no lone surrogate');
  assert.equal(e.text.slice(e.offset, e.offset + e.length), 'घरु');
});

test('sentences end at । ॥ . ? ! before white space, and at blank lines', () => {
  const s = (t: string) => sentencesOf(t).map(([a, b]) => t.slice(a, b));
  assert.deepEqual(s('म घर जान्छु। तिमी? "हो!" अब\n\nनयाँ अनुच्छेद'), ['म घर जान्छु।', 'तिमी?', '"हो!"', 'अब', 'नयाँ अनुच्छेद']);
  assert.deepEqual(s('३.५ प्रतिशत'), ['३.५ प्रतिशत'], 'a point inside a number ends nothing');
  assert.deepEqual(s('  \n '), []);
});

test('runCount is never below the word count of the limits', () => {
  for (const t of ['', ' ', 'घर', 'म घर जान्छु।', ' । — १२ COVID-19 ', 'a\u00a0b\u2003c\nd\te', 'x\ufeffy', '।।। ...']) {
    assert.ok(runCount(t) >= limitWords(t), JSON.stringify(t));
  }
  assert.equal(runCount(' म  घर\nजान्छु। '), 3);
});
