// LanguageTool's parameters: the form body read whatever its Content-Type,
// leniently (raw UTF-8, a stray %), the query over the body.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeFormComponent, readFormPairs, readParameters } from '../../../src/http/languagetool/form.js';

const pairs = (raw: string) => Object.fromEntries(readFormPairs(raw, new Map()));

test('percent-encoded UTF-8 and + are decoded as a form does', () => {
  assert.equal(decodeFormComponent('%E0%A4%AA%E0%A4%BE%E0%A4%A8%E0%A4%BF+x'), 'पानि x');
  assert.equal(decodeFormComponent('a%2Bb%26c%3Dd'), 'a+b&c=d');
  assert.equal(decodeFormComponent('%f0%9f%98%80'), '😀', 'lower-case hex, a character outside the BMP');
});

test('raw non-ASCII passes through as it is (LibreOffice 7.4 sends the text unencoded)', () => {
  assert.equal(decodeFormComponent('पानि 😀'), 'पानि 😀');
  assert.deepEqual(pairs('text=हामी पानि खान्छौँ।&language=ne-NP'), { text: 'हामी पानि खान्छौँ।', language: 'ne-NP' });
});

test('a % not followed by two hex digits is kept; bytes that are not UTF-8 become U+FFFD', () => {
  assert.equal(decodeFormComponent('50% more'), '50% more');
  assert.equal(decodeFormComponent('%'), '%');
  assert.equal(decodeFormComponent('%4'), '%4');
  assert.equal(decodeFormComponent('%zz%41'), '%zzA');
  assert.equal(decodeFormComponent('%E0%A4'), '\uFFFD');
  assert.equal(decodeFormComponent('%FFa'), '\uFFFDa');
});

test('pairs without = are skipped, a repeated name keeps its last value, empty values stay', () => {
  assert.deepEqual(pairs('a=1&flag&&b=&a=2&=x'), { a: '2', b: '', '': 'x' });
  assert.deepEqual(pairs(''), {});
  assert.deepEqual(pairs('k=v=w'), { k: 'v=w' }, 'only the first = separates');
});

test('an unencoded & inside a text ends it there (the known LibreOffice 7.4 bug)', () => {
  assert.deepEqual(pairs('text=राम & श्याम&language=ne'), { text: 'राम ', language: 'ne' });
});

test('query parameters override the body; the body is read as UTF-8 whatever its type', () => {
  const body = new TextEncoder().encode('text=%E0%A4%98%E0%A4%B0&language=en-US&level=picky');
  const p = readParameters('language=ne-NP', body);
  assert.deepEqual(Object.fromEntries(p), { text: 'घर', language: 'ne-NP', level: 'picky' });
  assert.deepEqual(Object.fromEntries(readParameters('text=x', null)), { text: 'x' });
  assert.deepEqual(
    Object.fromEntries(readParameters('', new Uint8Array([0x74, 0x3d, 0xff]))),
    { t: '\uFFFD' },
    'invalid UTF-8 in a raw body is replaced, not refused',
  );
});
