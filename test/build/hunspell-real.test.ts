// Checks the importer against the real hunspell-ne 7.5.0 files and, when the
// hunspell command is installed (apt-get install hunspell), against hunspell's
// own verdicts. Skips when HUNSPELL_DIR is not set, e.g.
//   HUNSPELL_DIR=/usr/share/hunspell node --test dist/test/build/hunspell-real.test.js
// (the folder holding ne_NP.aff and ne_NP.dic).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { classMismatches, importHunspell, partOfSpeechForClasses, type HunspellImport } from '../../src/build/hunspell.js';
import { normalizeWord } from '../../src/engine/lang/normalize.js';
import { onPath, requirePart } from '../parts.js';

const DIR = process.env.HUNSPELL_DIR;
const SKIP_WITHOUT_FILES = requirePart('HUNSPELL_DIR (the unpacked hunspell-ne)', DIR !== undefined, 'make test sets it after make data');
const SKIP_WITHOUT_TOOL = SKIP_WITHOUT_FILES || requirePart('hunspell', onPath('hunspell'), 'apt-get install hunspell; .ci/run installs it');

let cached: HunspellImport | null = null;
function load(): HunspellImport {
  cached ??= importHunspell(readFileSync(join(DIR!, 'ne_NP.aff'), 'utf8'), readFileSync(join(DIR!, 'ne_NP.dic'), 'utf8'), {
    aff: 'ne_NP.aff',
    dic: 'ne_NP.dic',
  });
  return cached;
}

test('real ne_NP: counts, repairs and skipped lines', { skip: SKIP_WITHOUT_FILES }, () => {
  const r = load();
  // 39,925 lines = the count line + 39,924 entries; 39,922 after the empty line
  // and "(क्रियो)" are skipped; 34,604 distinct words as written, 34,533 once
  // trailing spaces, ZWJ/ZWNJ, ':' and U+FEFF are repaired and duplicates merged.
  assert.equal(r.report.lines, 39_925);
  assert.equal(r.report.stems, 34_533);
  assert.equal(r.stems.length, 34_533);
  assert.equal(r.report.distinctForms, 729_279);
  assert.equal(r.forms.length, 758_462);
  assert.deepEqual(r.report.repairs, {
    crlf: 12_898,
    duplicateMerged: 5_389,
    zwnj: 184,
    zwj: 159,
    lineTrailingSpace: 1,
    stemEdgeSpace: 36,
    colonVisarga: 78,
    missingFlagSlash: 1,
    bom: 1,
    parentheticalNote: 1,
    'aff:flagSuffixX': 111,
    'aff:duplicateRule': 10,
  });
  assert.deepEqual(r.report.skipped, [
    { line: 36_700, reason: 'not a word: "(क्रियो)" is a note in parentheses' },
    { line: 38_029, reason: 'empty line' },
  ]);
  assert.equal(r.affix.classes.size, 19);
  assert.equal(
    [...r.affix.classes.values()].reduce((n, c) => n + c.rules.length, 0),
    527 - 19,
  );
});

test('real ne_NP: every affix class the service reads by number is the class it was studied as', { skip: SKIP_WITHOUT_FILES }, () => {
  assert.deepEqual(classMismatches(load().affix), []);
});

test('real ne_NP: forms are normalized, distinct per analysis, and include the verb paradigm', { skip: SKIP_WITHOUT_FILES }, () => {
  const r = load();
  const keys = new Set<string>();
  for (const f of r.forms) {
    assert.equal(normalizeWord(f.form), f.form);
    keys.add(`${f.form}\u0001${f.stem}\u0001${f.prefix}\u0001${f.suffix}\u0001${f.flag}`);
  }
  assert.equal(keys.size, r.forms.length);
  const forms = new Set(r.forms.map((f) => f.form));
  for (const w of ['गर्नु', 'गर्छ', 'गरेको', 'नगरेको', 'नगर्नु', 'गर्नेलाई', 'गरेकाहरू', 'किताबहरू', 'दुःख', 'जोल्टा']) {
    assert.ok(forms.has(w), w);
  }
  // hunspell itself rejects these: ेका/18X carries no 17, and गर् has no 17.
  for (const w of ['नगरेकाहरू', 'नगर्छ', 'दु:ख']) assert.ok(!forms.has(w), w);
  const gar = r.stems.find((s) => s.stem === 'गर्')!;
  assert.equal(partOfSpeechForClasses(gar.flags, r.affix), 'क्रिया');
  const pos = (stem: string) => partOfSpeechForClasses(r.stems.find((s) => s.stem === stem)!.flags, r.affix);
  assert.equal(pos('तिमी'), 'सर्वनाम');
  assert.equal(pos('अग्लो'), 'विशेषण');
  assert.equal(pos('अँगार'), 'नाम');
});

// hunspell's command line splits words at characters it does not count as
// letters, which include the Devanagari vowel signs; WORDCHARS (a tokenizer
// setting that does not change which words are valid) keeps words whole.
// The repaired stem list stands in for ne_NP.dic, so that hunspell judges the
// same stems and only the affix expansion is compared.
function hunspellDictionary(r: HunspellImport, dir: string): string {
  let wordChars = '';
  for (let c = 0x0900; c <= 0x097f; c++) {
    const ch = String.fromCodePoint(c);
    if (/[\p{M}\p{Nd}]/u.test(ch)) wordChars += ch;
  }
  const base = join(dir, 'ne');
  writeFileSync(`${base}.aff`, readFileSync(join(DIR!, 'ne_NP.aff'), 'utf8') + `\nWORDCHARS ${wordChars}\n`);
  writeFileSync(`${base}.dic`, `${r.stems.length}\n` + r.stems.map((s) => s.stem + (s.flags.length ? '/' + s.flags.join(',') : '')).join('\n') + '\n');
  return base;
}

// Words the command line can be given one per line: no spaces, hyphens or dots.
const PLAIN = /^[\u0900-\u097F]+$/u;

test('real ne_NP: hunspell accepts every form, and accepts no other candidate of sampled stems', { skip: SKIP_WITHOUT_TOOL }, () => {
  const r = load();
  const dir = mkdtempSync(join(tmpdir(), 'hunspell-ne-'));
  try {
    const dict = hunspellDictionary(r, dir);
    const ours = new Set(r.forms.map((f) => f.form));
    // 1. Every plain form is correct for hunspell (-l lists the misspelled).
    const plain = [...ours].filter((w) => PLAIN.test(w));
    assert.ok(plain.length > 720_000, `${plain.length} plain forms`);
    const misspelled = execFileSync('hunspell', ['-d', dict, '-l'], { input: plain.join('\n') + '\n', maxBuffer: 1 << 28 })
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    assert.deepEqual(misspelled.slice(0, 20), []);

    // 2. Candidates from every rule of every class, whatever the stem's flags
    // and the rules' conditions say (only the stripped characters must be
    // there), one and two suffixes, with and without each prefix: hunspell
    // must accept exactly those that are among our forms.
    const all = [...r.affix.classes.values()];
    const contFlags = new Set(all.flatMap((c) => c.rules.flatMap((x) => x.continuation)));
    const sfx = all.filter((c) => c.kind === 'SFX').flatMap((c) => c.rules);
    const outer = all.filter((c) => c.kind === 'SFX' && contFlags.has(c.flag)).flatMap((c) => c.rules);
    const pfx = all.filter((c) => c.kind === 'PFX').flatMap((c) => c.rules);
    const strip = (w: string, s: string, add: string) => ((s === '' || w.endsWith(s)) && w.length > s.length ? w.slice(0, w.length - s.length) + add : null);
    const candidates = new Set<string>();
    for (let i = 0; i < r.stems.length; i += 100) {
      const stem = r.stems[i]!.stem;
      const words = [stem];
      for (const a of sfx) {
        const w1 = strip(stem, a.strip, a.add);
        if (w1 === null) continue;
        words.push(w1);
        if (a.continuation.length > 0) {
          for (const b of outer) {
            const w2 = strip(w1, b.strip, b.add);
            if (w2 !== null) words.push(w2);
          }
        }
      }
      for (const w of words) {
        candidates.add(w);
        for (const p of pfx) if (p.strip === '' || w.startsWith(p.strip)) candidates.add(p.add + w.slice(p.strip.length));
      }
    }
    const list = [...candidates].filter((w) => PLAIN.test(w));
    assert.ok(list.length > 100_000, `${list.length} candidates`);
    const accepted = new Set(
      execFileSync('hunspell', ['-d', dict, '-G'], { input: list.join('\n') + '\n', maxBuffer: 1 << 28 })
        .toString('utf8')
        .split('\n')
        .filter(Boolean),
    );
    const hunspellOnly = list.filter((w) => accepted.has(w) && !ours.has(w));
    const oursOnly = list.filter((w) => !accepted.has(w) && ours.has(w));
    assert.deepEqual({ hunspellOnly: hunspellOnly.slice(0, 20), oursOnly: oursOnly.slice(0, 20) }, { hunspellOnly: [], oursOnly: [] });
    assert.ok(list.filter((w) => ours.has(w)).length > 5_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
