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

/** The definition the decoder follows: `+` a space, `%XY` its byte, every other byte itself, then the bytes read by TextDecoder. */
function reference(raw: Uint8Array): string {
  const bytes: number[] = [];
  const hex = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1);
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x25 && i + 2 < raw.length && hex(raw[i + 1]!) >= 0 && hex(raw[i + 2]!) >= 0) {
      bytes.push(hex(raw[i + 1]!) * 16 + hex(raw[i + 2]!));
      i += 2;
    } else bytes.push(c === 0x2b ? 0x20 : c);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

test('any bytes decode as percent-decoding then TextDecoder would: well-formed UTF-8 or not, escaped, raw or mixed', () => {
  // A seeded generator, so a failure names an input that fails again.
  let seed = 20261128;
  const rand = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  // Pieces a form carries: ASCII, +, stray %, and the bytes of characters of every length, some cut short or made ill-formed.
  const chars = ['a', ' ', '+', '%', '%4', '&', 'न', 'é', '😀', '\u{10FFFF}', '\uFFFD', '\u0800', '\u07FF'];
  // Sequences outside Unicode's well-formed ranges: past U+10FFFF, overlong, a surrogate.
  const badSequences = [
    [0xf4, 0x90, 0x80, 0x80],
    [0xf0, 0x80, 0x80, 0x80],
    [0xed, 0xa0, 0x80],
    [0xe0, 0x80, 0x80],
    [0xc0, 0x80],
    [0xf0, 0x90, 0x80],
  ];
  const badBytes = [0x80, 0xbf, 0xc0, 0xc1, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f, 0x8f, 0x90];
  const encode = (bytes: Uint8Array): string[] =>
    [...bytes].map((x) =>
      x >= 0x80 || rand(3) > 0 ? `%${x.toString(16).padStart(2, '0')}`.replace(/^%(..)$/, (m) => (rand(2) ? m.toUpperCase() : m)) : String.fromCharCode(x),
    );
  for (let n = 0; n < 3000; n++) {
    const parts: (string | number)[] = [];
    for (let j = rand(12); j >= 0; j--) {
      const r = rand(10);
      if (r < 6) {
        const bytes = Buffer.from(chars[rand(chars.length)]!);
        // Escaped, raw, or each byte either way.
        if (r < 3) parts.push(...encode(bytes));
        else if (r < 5) bytes.forEach((x) => parts.push(x));
        else parts.push(...encode(bytes.subarray(0, 1 + rand(bytes.length))));
      } else if (r < 7) parts.push(...encode(Buffer.from(badSequences[rand(badSequences.length)]!)));
      else if (r < 8) parts.push(`%${badBytes[rand(badBytes.length)]!.toString(16)}`);
      else parts.push(badBytes[rand(badBytes.length)]!);
    }
    const raw = Buffer.concat(parts.map((p) => (typeof p === 'number' ? Buffer.from([p]) : Buffer.from(p, 'latin1'))));
    const got = readFormPairs(Buffer.concat([Buffer.from('v='), raw.filter((x) => x !== 0x26)]), new Map()).get('v');
    assert.equal(got, reference(raw.filter((x) => x !== 0x26)), `input ${JSON.stringify(raw.toString('latin1'))}`);
  }
});
