import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildRecords } from '../../src/build/records.js';
import { Romanizer } from '../../src/engine/roman/romanizer.js';
import { tokenizeRoman } from '../../src/engine/roman/tokenize.js';
import { Spellchecker } from '../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { romanWarmUpWork, spellWarmUpText, warmUpThread } from '../../src/worker/warm-up.js';
import { romanLexicon } from '../fixtures/roman/lexicon.js';
import { spellStore } from '../fixtures/spell/lexicon.js';

const store = new MemoryStore(buildRecords(romanLexicon()));

test("the romanization warm-up takes the resolver's paths, from the store's own words", () => {
  const { texts, alone } = romanWarmUpWork(store);
  const tokens = texts.flatMap((t) => tokenizeRoman(t).map((tok) => tok.text));
  assert.ok(tokens.length > 300, `${tokens.length} tokens`);
  // closed-class words, a headword of the completions, inflected, with a long vowel, a loanword alone and inflected, capitals, IAST
  for (const t of ['ra', 'ghar', 'report']) assert.ok(tokens.includes(t), t);
  assert.ok(
    tokens.some((t) => /^ghar(ko|ma|le|lai|haru|bata|sanga|ka|ki|cha|eko|nu)$/.test(t)),
    'a headword with an ending',
  );
  assert.ok(
    tokens.some((t) => /^report(ko|ma|le|lai)$/.test(t)),
    'a loanword with a postposition',
  );
  assert.ok(tokens.some((t) => /^[A-Z][a-z]+$/.test(t)) && tokens.some((t) => /^[A-Z]{2,}$/.test(t)), 'capitalized and all-capital words');
  assert.ok(
    tokens.some((t) => /[āīūṃ]/.test(t)),
    'a spelling with diacritics',
  );
  assert.ok(alone.length > 0);
  // every kind of token the tokenizer makes, an apostrophe inside a word, typographic quotes
  const kinds = new Set(texts.flatMap((t) => tokenizeRoman(t).map((tok) => tok.kind)));
  assert.deepEqual([...kinds].sort(), ['devanagari', 'email', 'mixed', 'number', 'url', 'word']);
  assert.ok(tokens.includes("don't") && tokens.includes('1,000.5'));
  assert.ok(texts.some((t) => t.includes('“')));
  // the light warm-up (a thread of small jobs): the closed-class words alone
  const light = romanWarmUpWork(store, false).texts.flatMap((t) => tokenizeRoman(t).map((tok) => tok.text));
  assert.ok(light.includes('ra') && !light.includes('ghar') && light.length < tokens.length);
});

test("the spellcheck warm-up is the store's example sentences with slips made in them", () => {
  const s = spellStore();
  const text = spellWarmUpText(s);
  const checked = new Spellchecker(s).checkText(text);
  assert.ok(checked.misspelled.length + checked.unknown.length > 0, 'the warm-up text has slips in it');
  assert.equal(spellWarmUpText(s, 0).trim(), '', 'no sentence, no slip');
});

test('a warmed-up thread gives the answers of a cold one, counts no look-up of its own, and holds the common words', () => {
  for (const extent of ['full', 'light'] as const) {
    const spell = new Spellchecker(store);
    const roman = new Romanizer(store, spell);
    warmUpThread({ store, spell, roman }, extent);
    assert.deepEqual(spell.cacheStats(), { hits: 0, misses: 0 }, extent);
    assert.ok(spell.caches.figures()['roman.analyses']!.entries > (extent === 'full' ? 100 : 10), extent);
    const cold = new Romanizer(store, new Spellchecker(store));
    assert.equal(Buffer.from(roman.json(roman.resolveText(TEXT, 5))).toString(), Buffer.from(cold.json(cold.resolveText(TEXT, 5))).toString(), extent);
    for (const w of ['घर', 'पानि', 'किताबहरूमा', 'घरकिताब', 'ट्रम्प'])
      assert.deepEqual(spell.checkWord(w), new Spellchecker(store).checkWord(w), `${extent} ${w}`);
  }
});

const TEXT = 'mero ghar ma ramro kitab chha. timi kahile aaunchhau? ma report pathaunchhu, tara office ma chhaina.';
