// Checks the reader against the real nep.traineddata and, when Debian's
// tesseract tools are installed, against their own extraction
// (combine_tessdata -u, then dawg2wordlist): the word lists must be identical,
// in the same order. Skips when TESSDATA_FILE is not set, e.g.
//   TESSDATA_FILE=/usr/share/tesseract-ocr/5/tessdata/nep.traineddata node --test dist/test/build/tesseract-real.test.js
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { hasDevanagariLetter } from '../../src/engine/lang/letters.js';
import { onPath, requirePart } from '../parts.js';
import { dawgWords, parseUnicharset, readSquishedDawg, readTraineddata, readTraineddataWords } from '../../src/build/tesseract.js';

const FILE = process.env.TESSDATA_FILE;
const SKIP_WITHOUT_FILE = requirePart('TESSDATA_FILE (the unpacked tesseract-ocr-nep)', FILE !== undefined && FILE !== '', 'make test sets it after make data');
const SKIP_WITHOUT_TOOLS =
  SKIP_WITHOUT_FILE ||
  requirePart(
    'the tesseract tools (combine_tessdata, dawg2wordlist)',
    onPath('combine_tessdata', 'dawg2wordlist'),
    'apt-get install tesseract-ocr; .ci/run installs it',
  );

test('real traineddata: a Nepali vocabulary of tens of thousands of words', { skip: SKIP_WITHOUT_FILE }, () => {
  const r = readTraineddataWords(readFileSync(FILE!), FILE!);
  assert.ok(r.report.components.includes('lstm-word-dawg') || r.report.components.includes('word-dawg'));
  assert.ok(r.words.length > 10_000, `${r.words.length} words`);
  assert.equal(new Set(r.words).size, r.words.length);
  assert.ok(r.words.every(hasDevanagariLetter));
  assert.equal(r.report.raw, r.report.words + r.report.rejected + r.report.duplicates);
});

test('real traineddata: identical to combine_tessdata -u + dawg2wordlist', { skip: SKIP_WITHOUT_TOOLS }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessdata-'));
  try {
    const buf = readFileSync(FILE!);
    const td = readTraineddata(buf, FILE!);
    const lstm = td.components.has('lstm-word-dawg');
    const dawgName = lstm ? 'lstm-word-dawg' : 'word-dawg';
    const charsetName = lstm ? 'lstm-unicharset' : 'unicharset';
    execFileSync('combine_tessdata', ['-u', FILE!, join(dir, 'x.')], { stdio: 'ignore' });
    // The components we cut out are byte for byte the files tesseract writes.
    for (const [name, c] of td.components) assert.deepEqual(Buffer.from(c.bytes), readFileSync(join(dir, `x.${name}`)), name);
    execFileSync('dawg2wordlist', [join(dir, `x.${charsetName}`), join(dir, `x.${dawgName}`), join(dir, 'words.txt')], { stdio: 'ignore' });
    const theirs = readFileSync(join(dir, 'words.txt'), 'utf8').split('\n');
    assert.equal(theirs.pop(), ''); // one word per line, newline-terminated
    const charset = td.components.get(charsetName)!;
    const dawg = td.components.get(dawgName)!;
    const ours = dawgWords(
      readSquishedDawg(dawg.bytes, FILE!, dawg.offset, td.littleEndian),
      parseUnicharset(charset.bytes, FILE!, charset.offset),
      FILE!,
      dawg.offset,
    );
    assert.equal(ours.length, theirs.length);
    assert.deepEqual(ours, theirs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
