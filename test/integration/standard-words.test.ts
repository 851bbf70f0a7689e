// The standard's own words stay, and misspellings of several slips get
// their correction, on the real data (the engine in process, as a worker
// thread runs it, with the build's stored verdicts when they are this code's).
//
// Every headword of the thesaurus (mythes-ne, the curated dictionary) is
// checked at level standard: none may be corrected, except the ones listed
// in EXCEPTIONS, each a spelling the Academy standard itself corrects by the
// rule named. (The pronunciation lexicon of data/google-language-resources-ne
// is not a source of the build yet: its words are walked once it is.)

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importMythes } from '../../src/build/mythes.js';
import { normalizeWord } from '../../src/engine/lang/normalize.js';
import { openEngines } from '../../src/worker/engines.js';
import { requirePart } from '../parts.js';
import { BUILD_DIR, DATA_DIR, SKIP_WITHOUT_DATA } from './real-data.js';

const MYTHES_FILE = process.env.MYTHES_FILE ?? join(DATA_DIR, 'cache/src/mythes-ne/usr/share/mythes/th_ne_NP_v2.dat');
const SKIP_WITHOUT_THESAURUS = SKIP_WITHOUT_DATA || requirePart(`the thesaurus file ${MYTHES_FILE}`, existsSync(MYTHES_FILE), 'run `make data`');

/**
 * Thesaurus headwords the standard corrects, with the rule: the prefixes
 * अन्तर्, पुनर्, बहिर् keep their र् (halanta) before a voiced consonant; -ईकरण
 * on an -इक adjective keeps the -इक (प्रादेशिक + ईकरण). The thesaurus writes
 * the older spellings.
 */
const EXCEPTIONS: Record<string, string> = {
  अन्तरराष्ट्रिय: 'halanta-r-prefix',
  अन्तरवर्ती: 'halanta-r-prefix',
  प्रादेशीकरण: 'ikaran-after-ik',
};

/** Misspellings writers make, one to three slips from a frequent word, and the first correction. */
const SLIPS: [typed: string, first: string, slips: string][] = [
  ['शिक्छा', 'शिक्षा', 'क्ष written क्छ'],
  ['परिक्छा', 'परीक्षा', 'क्ष written क्छ, ी for ि'],
  ['रक्छा', 'रक्षा', 'क्ष written क्छ'],
  ['प्रतिक्छा', 'प्रतीक्षा', 'क्ष written क्छ, ि for ी'],
  ['लक्छ्य', 'लक्ष्य', 'क्ष written क्छ'],
  ['बिध्युत', 'विद्युत्', 'ब for व, ध्य for द्य, the final halanta dropped'],
  ['समाचा', 'समाचार', 'the last letter left out'],
  ['णया', 'नयाँ', 'ण for न, ँ dropped'],
  ['नीरवाचनको', 'निर्वाचनको', 'ी for ि, ् dropped'],
  ['छ्येत्र', 'क्षेत्र', 'क्षे written छ्ये'],
  ['विध्यालय', 'विद्यालय', 'ध्य for द्य'],
];

/** The standard's own spellings, which the word list carries otherwise or the rules' patterns match. */
const STANDARD = ['उन्नति', 'उन्नतिको', 'विद्युत्', 'मृत्युदण्ड', 'सन्ध्याकाल', 'असत्यता', 'असतर्क', 'सौम्यता', 'हँस्सीमजाक'];

test("the thesaurus's headwords are not corrected at level standard, but for the listed exceptions", { skip: SKIP_WITHOUT_THESAURUS, timeout: 300_000 }, () => {
  const e = openEngines({ dataDir: BUILD_DIR, bloom: null, cacheBytes: 64 << 20, warmUp: false });
  try {
    const { entries } = importMythes(readFileSync(MYTHES_FILE, 'utf8'), MYTHES_FILE);
    const headwords = new Set(entries.map((x) => normalizeWord(x.word)).filter((w) => !w.includes(' ')));
    const corrected: string[] = [];
    const exceptions: string[] = [];
    for (const w of headwords) {
      const r = e.spell.checkWord(w);
      if (r.status !== 'misspelled') continue;
      if (EXCEPTIONS[w] !== undefined && r.rule === EXCEPTIONS[w]) exceptions.push(w);
      else corrected.push(`${w} -> ${r.corrections?.join(', ')} (${r.rule ?? r.category})`);
    }
    console.log(`${headwords.size} headwords; corrected by the listed rules: ${exceptions.join(', ')}`);
    assert.ok(headwords.size > 5000, `${headwords.size} headwords`);
    assert.deepEqual(corrected, [], 'headwords corrected');
    assert.deepEqual(exceptions.sort(), Object.keys(EXCEPTIONS).sort(), 'each exception is still corrected by its rule');
  } finally {
    e.store.close();
  }
});

test('misspellings of one to three slips get their correction; the standard spellings stay correct', { skip: SKIP_WITHOUT_DATA }, () => {
  const e = openEngines({ dataDir: BUILD_DIR, bloom: null, cacheBytes: 64 << 20, warmUp: false });
  try {
    for (const [typed, first, slips] of SLIPS) {
      const r = e.spell.checkWord(typed);
      assert.equal(r.status, 'misspelled', `${typed} (${slips})`);
      assert.equal(r.corrections?.[0], first, `${typed} (${slips}): ${r.corrections?.join(', ')}`);
      assert.equal(new Set(r.corrections).size, r.corrections!.length, 'five different words');
    }
    for (const w of STANDARD) assert.deepEqual(e.spell.checkWord(w), { status: 'correct', corrections: null }, w);
  } finally {
    e.store.close();
  }
});
