// The `data` parameter: LanguageTool's annotated text, its sentences for
// what is wrong with it, and positions of the plain text mapped back to the
// text with its markup.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DATA_MESSAGES, parseData, plainText, type AnnotatedText } from '../../src/languagetool/annotated.js';

function parsed(data: unknown): AnnotatedText {
  const r = parseData(JSON.stringify(data));
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r.text;
}

/** The original text under the plain range [a, b). */
const under = (t: AnnotatedText, a: number, b: number) => t.original.slice(t.startOf(a), t.endOf(b));

test('a plain text maps one to one', () => {
  const t = plainText('पानि');
  assert.equal(t.startOf(2), 2);
  assert.equal(t.endOf(4), 4);
});

test('{"text"} with metaData is the text itself', () => {
  const t = parsed({ text: 'हामी पानि', metaData: { EmailToAddress: 'a@b' } });
  assert.equal(t.plain, 'हामी पानि');
  assert.equal(t.original, 'हामी पानि');
});

test('markup is left out of the checked text and counted in the offsets', () => {
  const t = parsed({ annotation: [{ text: 'हामी ' }, { markup: '<b>' }, { text: 'पानि' }, { markup: '</b>' }, { text: ' खान्छौँ' }] });
  assert.equal(t.plain, 'हामी पानि खान्छौँ');
  assert.equal(t.original, 'हामी <b>पानि</b> खान्छौँ');
  const i = t.plain.indexOf('पानि');
  assert.equal(t.startOf(i), t.original.indexOf('पानि'));
  assert.equal(under(t, i, i + 4), 'पानि', 'the word, not the tags around it');
  const j = t.plain.indexOf('खान्छौँ');
  assert.equal(under(t, j, j + 'खान्छौँ'.length), 'खान्छौँ');
});

test('interpretAs is checked in place of its markup; a word cut by markup spans it', () => {
  const t = parsed({
    annotation: [{ text: 'पा' }, { markup: '<i>' }, { text: 'नि' }, { markup: '</i>' }, { markup: '<br/>', interpretAs: '\n\n' }, { text: 'घर' }],
  });
  assert.equal(t.plain, 'पानि\n\nघर');
  assert.equal(under(t, 0, 4), 'पा<i>नि', 'from the first letter to the last, the tag inside included');
  assert.equal(under(t, 6, 8), 'घर');
  assert.equal(t.startOf(4), t.original.indexOf('<br/>'), 'a position in interpretAs is its markup');
  assert.equal(t.endOf(6), t.original.indexOf('घर'), 'the end of interpretAs is the end of its markup');
  assert.equal(t.endOf(5), t.original.indexOf('घर'), "an end inside interpretAs is its markup's end");
});

test('an annotation that is only markup, or empty, has an empty plain text', () => {
  assert.equal(parsed({ annotation: [{ markup: '<p>' }] }).plain, '');
  assert.equal(parsed({ annotation: [] }).plain, '');
});

test("LanguageTool's values: non-strings read as Jackson's asText", () => {
  assert.equal(parsed({ text: 12 }).plain, '12');
  assert.equal(parsed({ annotation: [{ text: true }, { markup: null, interpretAs: 5 }] }).plain, 'true5');
});

test("what is wrong with data gets LanguageTool's sentence", () => {
  const problem = (data: string) => {
    const r = parseData(data);
    assert.ok(!r.ok);
    return r.message;
  };
  assert.equal(problem('{"annotation": ['), DATA_MESSAGES.invalidJson);
  assert.equal(problem('{"text": "a", "annotation": []}'), DATA_MESSAGES.textAndAnnotation);
  assert.equal(problem('{"words": "a"}'), DATA_MESSAGES.neither);
  assert.equal(problem('[1, 2]'), DATA_MESSAGES.neither);
  assert.equal(problem(''), DATA_MESSAGES.neither);
  assert.equal(
    problem('{"annotation": [{"text": "a", "markup": "<b>"}]}'),
    `Only either 'text' or 'markup' are supported in an object in 'annotation' list, not both: {"text":"a","markup":"<b>"}`,
  );
  assert.equal(
    problem('{"annotation": [{"text": "a", "interpretAs": " "}]}'),
    `'text' cannot be used with 'interpretAs' (only 'markup' can): {"text":"a","interpretAs":" "}`,
  );
  assert.equal(problem('{"annotation": [{"word": "a"}]}'), `Only 'text' and 'markup' are supported in 'annotation' list: {"word":"a"}`);
  assert.equal(problem('{"annotation": ["a"]}'), `Only 'text' and 'markup' are supported in 'annotation' list: "a"`);
});
