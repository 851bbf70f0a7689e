import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DataFormatError } from '../../src/build/errors.js';
import { importJsonlDictionary } from '../../src/build/jsonl-dictionary.js';

const FIXTURES = new URL('../../../test/fixtures/jsonl/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

const HEADER = '{"dictionary": "t", "license": "MIT", "version": "1"}';
const ENTRY = { word: 'घर', part_of_speech: 'नाम', definitions: [{ text: 'बस्ने ठाउँ', part_of_speech: null }] };
const withEntry = (patch: Record<string, unknown>) => `${HEADER}\n${JSON.stringify({ ...ENTRY, ...patch })}\n`;

function rejects(text: string, line: number | null, pattern: RegExp, options = {}): void {
  assert.throws(
    () => importJsonlDictionary(text, 'd.jsonl', options),
    (err: unknown) => {
      assert.ok(err instanceof DataFormatError, String(err));
      assert.equal(err.file, 'd.jsonl');
      assert.equal(err.line, line);
      assert.match(err.message, pattern);
      return true;
    },
  );
}

test('imports a dictionary with its header', () => {
  const d = importJsonlDictionary(read('sample.jsonl'), 'sample.jsonl');
  assert.equal(d.id, 'test-shabdakosh');
  assert.equal(d.license, 'CC-BY-4.0');
  assert.equal(d.version, '2024.1');
  assert.deepEqual(
    d.entries.map((e) => e.word),
    ['घर', 'दुःख', 'चाँडो'],
  );
});

test('entries: senses inherit the part of speech, lines with the same word merge', () => {
  const d = importJsonlDictionary(read('sample.jsonl'), 'sample.jsonl');
  const ghar = d.entries[0]!;
  assert.deepEqual(ghar, {
    word: 'घर',
    pos: 'नाम',
    senses: [
      { pos: 'नाम', gloss: 'मानिस बस्ने ठाउँ', synonyms: ['निवास', 'डेरा'] },
      { pos: 'नाम', gloss: 'परिवार', synonyms: [] },
    ],
    roman: ['ghar', 'ghara', 'gharr'],
    examples: ['हाम्रो घर गाउँमा छ।', 'घर सानो भए पनि राम्रो छ।'],
  });
});

test('words are normalized and tag abbreviations become names', () => {
  const d = importJsonlDictionary(read('sample.jsonl'), 'sample.jsonl');
  assert.deepEqual(d.entries[1], {
    word: 'दुःख',
    pos: 'नाम',
    senses: [
      { pos: 'नाम', gloss: 'मनमा हुने पीडा', synonyms: [] },
      { pos: 'विशेषण', gloss: '', synonyms: ['कष्ट'] },
    ],
    roman: [],
    examples: [],
  });
  assert.deepEqual(d.entries[2], { word: 'चाँडो', pos: null, senses: [], roman: [], examples: [] });
});

test('the header may come from the command line instead', () => {
  const text = read('noheader.jsonl');
  rejects(text, 1, /no header line .* no dictionary, license, version given/);
  const d = importJsonlDictionary(text, 'noheader.jsonl', { dictionary: 'local-words', license: 'proprietary, licensed to the operator', version: '3' });
  assert.equal(d.id, 'local-words');
  assert.equal(d.entries[0]!.word, 'पानी');
  // A header and a different command-line value: refuse rather than mislabel a licence.
  rejects(withEntry({}), 1, /field license: the file says "MIT" but "GPL-3.0" was given/, { license: 'GPL-3.0' });
});

test('header errors', () => {
  rejects('{"dictionary": "t", "licence": "MIT", "version": "1"}\n', 1, /unknown field licence \(the field is spelled "license"\)/);
  rejects('{"dictionary": "Not An Id", "license": "MIT", "version": "1"}\n', 1, /header: field dictionary:/);
  rejects('{"dictionary": "mpp-thesaurus", "license": "MIT", "version": "1"}\n', 1, /built-in dictionary/);
  rejects(`${HEADER}\n${JSON.stringify(ENTRY)}\n${HEADER}\n`, 3, /only as the first line/);
  rejects(`${HEADER}\n\n`, null, /no entries/);
});

test('entry errors name the line and the field', () => {
  rejects(`${HEADER}\n{"word": "घर",\n`, 2, /not a JSON value/);
  rejects(`${HEADER}\n\n["घर"]\n`, 3, /must be object/);
  rejects(withEntry({ part_of_speech: undefined }), 2, /missing field part_of_speech/);
  rejects(withEntry({ part_of_speech: 5 }), 2, /field part_of_speech: must be a string or null/);
  rejects(withEntry({ definitions: [{ text: 5, part_of_speech: null }] }), 2, /field definitions\[0\]\.text: must be string/);
  rejects(withEntry({ definitions: [{ text: 'क', part_of_speech: null, synonym: [] }] }), 2, /unknown field definitions\[0\]\.synonym/);
  rejects(
    withEntry({ definitions: [{ text: 'क', part_of_speech: null, synonyms: ['house'] }] }),
    2,
    /field definitions\[0\]\.synonyms\[0\]: "house" has no Devanagari letter/,
  );
  rejects(withEntry({ definitions: [{ text: ' ', part_of_speech: null }] }), 2, /field definitions\[0\]: neither text nor synonyms/);
  rejects(withEntry({ word: 'ghar' }), 2, /field word: "ghar" has no Devanagari letter/);
  rejects(withEntry({ roman: ['घर'] }), 2, /field roman\[0\]: "घर" is not a romanization/);
  rejects(withEntry({ examples: ['a sentence'] }), 2, /field examples\[0\]: has no Devanagari letter/);
});
