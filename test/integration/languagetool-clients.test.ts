// /v2/check on the real data, driven by a client no one here wrote: the npm
// package gramma (its `check(text, {api_url, language, markdown})`), on
// plain text and on markdown, whose offsets go through the markup; and the
// requests in the exact shapes LTeX+, Obsidian, the old browser add-on and
// LibreOffice 7.4 send, byte for byte where it matters (a form body under a
// JSON content type, language=auto with preferredVariants, unencoded UTF-8),
// with a character outside the BMP before the error.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';

interface GrammaMatch {
  word: string;
  offset: number;
  length: number;
  replacements: { value: string }[];
  rule: { id: string; category: { id: string } };
}
type Gramma = {
  check(text: string, options: { api_url: string; language: string; markdown?: boolean }): Promise<{ language: { code: string }; matches: GrammaMatch[] }>;
};
const gramma = createRequire(import.meta.url)('gramma') as Gramma;

let service: TestService;
before(async () => {
  if (!SKIP_WITHOUT_DATA) service = await startTestService();
});
after(() => service?.close());

const at = (text: string, m: { offset: number; length: number }) => text.slice(m.offset, m.offset + m.length);

test('gramma checks Nepali plain text against the service', { skip: SKIP_WITHOUT_DATA }, async () => {
  const text = 'हामी पानि खान्छौँ। यो छेत्र राम्रो छ।';
  const r = await gramma.check(text, { api_url: `${service.base}/v2/check`, language: 'ne-NP' });
  assert.equal(r.language.code, 'ne-NP');
  const found = r.matches.map((m) => [m.word, at(text, m), m.replacements[0]?.value, m.rule.id]);
  assert.deepEqual(found, [
    ['पानि', 'पानि', 'पानी', 'NEPALI_STANDARD_SPELLER_RULE'],
    ['छेत्र', 'छेत्र', 'क्षेत्र', 'NEPALI_REAL_WORD_SPELLER_RULE'],
  ]);
  assert.ok(r.matches.every((m) => m.rule.category.id === 'TYPOS'));
});

test('gramma with markdown: offsets through the markup, past an emoji', { skip: SKIP_WITHOUT_DATA }, async () => {
  const text = '# नेपाल\n\n😀 हामी **पानि** खान्छौँ। [सुर्य](https://example.org/a_b) उदायो।\n\n`पानि` कोडमा छ।\n';
  const r = await gramma.check(text, { api_url: `${service.base}/v2/check`, language: 'ne-NP', markdown: true });
  const found = r.matches.map((m) => [at(text, m), m.word, m.replacements[0]?.value]);
  assert.deepEqual(
    found,
    [
      ['पानि', 'पानि', 'पानी'],
      ['सुर्य', 'सुर्य', 'सूर्य'],
    ],
    'the inline code is markup, the link target too',
  );
});

async function check(body: string | Uint8Array, headers: Record<string, string>): Promise<any> {
  const r = await fetch(`${service.base}/v2/check`, { method: 'POST', headers, body });
  const text = await r.text();
  assert.equal(r.status, 200, text);
  return JSON.parse(text);
}

test('LTeX+: a form body under Content-Type application/json, a data annotation, motherTongue', { skip: SKIP_WITHOUT_DATA }, async () => {
  const data = JSON.stringify({
    annotation: [{ markup: '\\section{' }, { text: 'सुर्य' }, { markup: '}', interpretAs: '\n\n' }, { text: '𝐀 हामी पानि खान्छौँ।' }],
  });
  const body = new URLSearchParams({ data, language: 'ne-NP', motherTongue: 'en-US', level: 'default' }).toString();
  const r = await check(body, { 'Content-Type': 'application/json' });
  const original = '\\section{सुर्य}𝐀 हामी पानि खान्छौँ।';
  assert.deepEqual(
    r.matches.map((m: any) => at(original, m)),
    ['सुर्य', 'पानि'],
  );
  assert.equal(r.matches[1].offset, original.indexOf('पानि'));
});

test('Obsidian: language=auto with preferredVariants, from a web view', { skip: SKIP_WITHOUT_DATA }, async () => {
  const text = '😀 पानि';
  const body = new URLSearchParams({ text, language: 'auto', preferredVariants: 'en-US,de-DE,pt-BR', enabledOnly: 'false', level: 'picky' }).toString();
  const r = await check(body, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'app://obsidian.md' });
  assert.equal(r.language.detectedLanguage.code, 'ne-NP');
  assert.deepEqual(
    r.matches.map((m: any) => [m.offset, m.length]),
    [[3, 4]],
  );
});

test('the old browser add-on: data with text, mode=allButTextLevelOnly then textLevelOnly', { skip: SKIP_WITHOUT_DATA }, async () => {
  const base = { data: JSON.stringify({ text: 'हामी पानि खान्छौँ।' }), language: 'ne', useragent: 'webextension-chrome-ng', c: '1' };
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' };
  const all = await check(new URLSearchParams({ ...base, mode: 'allButTextLevelOnly' }).toString(), headers);
  assert.deepEqual(
    all.matches.map((m: any) => m.offset),
    [5],
  );
  const textLevel = await check(new URLSearchParams({ ...base, mode: 'textLevelOnly' }).toString(), headers);
  assert.deepEqual(textLevel.matches, [], 'the second half of a split check does not repeat the words');
});

test('LibreOffice 7.4: text posted without percent-encoding, language as Language-Country', { skip: SKIP_WITHOUT_DATA }, async () => {
  const text = '😀 हामी पानि खान्छौँ।';
  const r = await check(Buffer.from(`text=${text}&language=ne-NP`), { 'Content-Type': 'application/x-www-form-urlencoded' });
  assert.deepEqual(
    r.matches.map((m: any) => [m.offset, m.length, m.shortMessage.length > 0, m.replacements[0].value, m.rule.category.id]),
    [[8, 4, true, 'पानी', 'TYPOS']],
  );
});
