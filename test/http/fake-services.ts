// A small, deterministic Services for the HTTP tests: a ten-word vocabulary,
// five headwords, three roman aliases. It answers in the shapes of
// src/engine/results.ts so the front end is tested end to end without the
// store or the worker pool; the lead's contract tests run the same requests
// against the real Services.
//
// Test hooks: `readable` and `issues` drive /up and /health; `failures`
// makes a method throw or return an error Outcome; `gate` holds a method
// until the test releases it (drain and abort tests).

import type {
  DictionaryEntryResult,
  RomanCandidate,
  RomanizationResult,
  RomanToken,
  SpellcheckTextResult,
  SpellcheckWordResult,
} from '../../src/engine/results.js';
import type {
  EnglishSearchResult,
  ExamplesResult,
  HealthSnapshot,
  ItemFailure,
  ItemTask,
  Lines,
  LinesJobOptions,
  LinesTask,
  MultiDictResult,
  Outcome,
  Services,
  VariantsResult,
} from '../../src/dispatch/services.js';
import {
  concatBytes,
  itemLine,
  pieceLine,
  pieceText,
  romanizationCounts,
  shiftRomanization,
  shiftSpellcheck,
  spellcheckCounts,
} from '../../src/worker/lines.js';
import { editDistance } from '../../src/engine/lang/edit-distance.js';
import { tokenizeForSpellcheck } from '../../src/engine/spell/tokenize.js';
import { checkJobAnswer, type LtCheckAnswer, type LtCheckJob } from '../../src/languagetool/check.js';

export const VOCABULARY = ['घर', 'नेपाल', 'नेपाली', 'दिन', 'दीन', 'किताब', 'म', 'हो', 'छ', 'राम्रो'];

const ENTRIES: Record<string, DictionaryEntryResult> = {
  घर: {
    word: 'घर',
    part_of_speech: 'नाम',
    split_definitions: '१. बस्ने ठाउँ; गृह; निवास',
    definitions: [{ number: '१.', text: 'बस्ने ठाउँ; गृह; निवास', part_of_speech: 'नाम' }],
    dictionaries: ['mpp-thesaurus', 'mpp-hunspell', 'foss-np-glossary'],
    english: ['house', 'home'],
    lemmas: [],
    pronunciation: { ipa: 'ɡʱʌr', roman: 'ghar' },
  },
  नेपाल: {
    word: 'नेपाल',
    part_of_speech: 'नाम',
    split_definitions: '१. हिमालय काखको एक देश\n२. (विशेषण) नेपालसँग सम्बन्धित',
    definitions: [
      { number: '१.', text: 'हिमालय काखको एक देश', part_of_speech: 'नाम' },
      { number: '२.', text: 'नेपालसँग सम्बन्धित', part_of_speech: 'विशेषण' },
    ],
    dictionaries: ['mpp-thesaurus'],
    english: [],
    lemmas: [],
    pronunciation: { ipa: 'ne.pal', roman: 'nepal' },
  },
  दिन: {
    word: 'दिन',
    part_of_speech: 'नाम',
    split_definitions: '१. घाम रहेको समय; दिवस',
    definitions: [{ number: '१.', text: 'घाम रहेको समय; दिवस', part_of_speech: 'नाम' }],
    dictionaries: ['mpp-thesaurus', 'mpp-hunspell'],
    english: ['day'],
    lemmas: [],
    pronunciation: { ipa: 'd̪in', roman: 'din' },
  },
  दीन: {
    word: 'दीन',
    part_of_speech: 'विशेषण',
    split_definitions: '१. गरिब; दुःखी',
    definitions: [{ number: '१.', text: 'गरिब; दुःखी', part_of_speech: 'विशेषण' }],
    dictionaries: ['mpp-thesaurus'],
    english: ['poor'],
    lemmas: [],
    pronunciation: null,
  },
  किताब: {
    word: 'किताब',
    part_of_speech: null,
    split_definitions: '',
    definitions: [],
    dictionaries: ['mpp-hunspell'],
    english: [],
    lemmas: [],
    pronunciation: { ipa: 'ki.t̪ab', roman: 'kitab' },
  },
};

const ALIASES: Record<string, string[]> = { ghar: ['घर'], nepal: ['नेपाल'], din: ['दिन', 'दीन'] };

const EXAMPLES: Record<string, { text: string; source: string }[]> = {
  घर: [
    { text: 'मेरो घर राम्रो छ।', source: 'test-fixture' },
    { text: 'घरमा को छ?', source: 'test-fixture' },
    { text: 'हाम्रो घर सानो छ।', source: 'test-fixture' },
  ],
};

type Failure = 'throw' | 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE';
type MethodName = Exclude<keyof Services, 'close'>;

export class FakeServices implements Services {
  readable = true;
  bloom = true;
  issues: string[] = [];
  failures: Partial<Record<MethodName, Failure>> = {};
  /** While set, spellcheckText, spellcheckWords and lookup wait for it (after calling `entered`). */
  gate: Promise<void> | null = null;
  entered: (() => void) | null = null;
  calls: { method: MethodName; args: unknown[] }[] = [];
  /** While true, refuseIfOverloaded answers SERVICE_UNAVAILABLE (the pool refusing new jobs). */
  overloaded = false;
  closed = false;
  /** The data build's id (ETags). */
  version = 'fake-build-1';
  private hits = 0;
  private misses = 0;

  private async begin(method: MethodName, args: unknown[]): Promise<Outcome<never> | null> {
    this.calls.push({ method, args });
    const f = this.failures[method];
    if (f === 'throw') throw new Error(`fake ${method} failure: secret internal detail`);
    if (f === 'INTERNAL_ERROR') return { ok: false, code: 'INTERNAL_ERROR', message: 'fake internal detail' };
    if (f === 'SERVICE_UNAVAILABLE') return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'fake shutting down' };
    if (this.gate && (method === 'spellcheckText' || method === 'spellcheckWords' || method === 'lookup')) {
      this.entered?.();
      await this.gate;
    }
    return null;
  }

  async lookup(word: string): Promise<Outcome<DictionaryEntryResult> & { similarWords?: string[] }> {
    const fail = await this.begin('lookup', [word]);
    if (fail) return fail;
    const entry = ENTRIES[word];
    if (entry) return { ok: true, value: entry };
    const similar = await this.similarWords(word, 5);
    return { ok: false, code: 'WORD_NOT_FOUND', message: `not found: ${word}`, similarWords: similar.ok ? similar.value : [] };
  }

  async lookupVariants(word: string): Promise<Outcome<VariantsResult>> {
    const fail = await this.begin('lookupVariants', [word]);
    if (fail) return fail;
    const variants = Object.values(ENTRIES)
      .filter((e) => e.word !== word && e.word.replace(/ी/g, 'ि') === word.replace(/ी/g, 'ि'))
      .map((e) => ({ word: e.word, differences: ['ि/ी'], entry: e }));
    return { ok: true, value: { word, entry: ENTRIES[word] ?? null, variants } };
  }

  async lookupMultiDict(word: string): Promise<Outcome<MultiDictResult>> {
    const fail = await this.begin('lookupMultiDict', [word]);
    if (fail) return fail;
    const e = ENTRIES[word];
    const results = ['mpp-thesaurus', 'mpp-hunspell'].map((dictionary) => ({
      dictionary,
      entry: e && e.dictionaries.includes(dictionary) ? { ...e, dictionaries: [dictionary] } : null,
    }));
    return { ok: true, value: { word, results } };
  }

  async similarWords(word: string, limit: number): Promise<Outcome<string[]>> {
    const fail = await this.begin('similarWords', [word, limit]);
    if (fail) return fail;
    const scored = Object.keys(ENTRIES)
      .map((w) => ({ w, d: editDistance(word, w) }))
      .filter((x) => x.d <= 2)
      .sort((a, b) => a.d - b.d || a.w.length - b.w.length || (a.w < b.w ? -1 : 1));
    return { ok: true, value: scored.slice(0, limit).map((x) => x.w) };
  }

  /** Times the HTTP layer asked refuseIfOverloaded (not in `calls`: it makes no job). */
  overloadChecks = 0;

  refuseIfOverloaded(): Outcome<never> | null {
    this.overloadChecks++;
    return this.overloaded ? { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the service is overloaded; retry after 2 s', retryAfterSeconds: 2 } : null;
  }

  async suggest(prefix: string, limit: number): Promise<Outcome<string[]>> {
    const fail = await this.begin('suggest', [prefix, limit]);
    if (fail) return fail;
    const words = VOCABULARY.filter((w) => w.startsWith(prefix)).sort((a, b) =>
      a === prefix ? -1 : b === prefix ? 1 : a.length - b.length || (a < b ? -1 : 1),
    );
    return { ok: true, value: words.slice(0, limit) };
  }

  async examples(word: string, limit: number): Promise<Outcome<ExamplesResult>> {
    const fail = await this.begin('examples', [word, limit]);
    if (fail) return fail;
    const list = (EXAMPLES[word] ?? []).slice(0, limit);
    const forms = list.length > 0 ? [word, ...(list.some((s) => s.text.includes(word + 'मा')) ? [word + 'मा'] : [])] : [];
    return { ok: true, value: { word, forms, examples: list } };
  }

  async searchEnglish(query: string, limit: number): Promise<Outcome<EnglishSearchResult>> {
    const fail = await this.begin('searchEnglish', [query, limit]);
    if (fail) return fail;
    const q = query.trim().toLowerCase();
    const results = Object.values(ENTRIES)
      .filter((e) => e.english.includes(q))
      .slice(0, limit)
      .map((e) => ({ word: e.word, english: e.english }));
    return { ok: true, value: { query: q, results } };
  }

  private classify(word: string): SpellcheckWordResult {
    if (VOCABULARY.includes(word)) return { status: 'correct', corrections: null };
    const near = VOCABULARY.filter((w) => editDistance(word, w) === 1).sort();
    return near.length > 0 ? { status: 'misspelled', corrections: near, category: 'typo' } : { status: 'unknown', corrections: null };
  }

  async spellcheckWord(word: string): Promise<Outcome<SpellcheckWordResult>> {
    const fail = await this.begin('spellcheckWord', [word]);
    if (fail) return fail;
    this.misses++;
    return { ok: true, value: this.classify(word) };
  }

  async spellcheckWords(words: string[]): Promise<Outcome<SpellcheckWordResult[]>> {
    const fail = await this.begin('spellcheckWords', [words]);
    if (fail) return fail;
    this.misses += words.length;
    return { ok: true, value: words.map((w) => this.classify(w)) };
  }

  /** Records the level asked for (the LanguageTool endpoint maps its switches to it); the fake answers every level alike. */
  async spellcheckText(text: string, options?: Parameters<Services['spellcheckText']>[1]): Promise<Outcome<SpellcheckTextResult>> {
    const fail = await this.begin('spellcheckText', [text, options?.level]);
    if (fail) return fail;
    const result: SpellcheckTextResult = { misspelled: [], unknown: [] };
    const seen = new Map<string, { occurrences: { start: number; end: number }[] }>();
    for (const t of tokenizeForSpellcheck(text)) {
      const known = seen.get(t.text);
      if (known) {
        known.occurrences.push({ start: t.start, end: t.end });
        this.hits++;
        continue;
      }
      this.misses++;
      const c = this.classify(t.text);
      const occurrences = [{ start: t.start, end: t.end }];
      if (c.status === 'misspelled') {
        const item = { word: t.text, status: 'misspelled' as const, corrections: c.corrections!, occurrences, category: 'typo' as const };
        result.misspelled.push(item);
        seen.set(t.text, item);
      } else if (c.status === 'unknown') {
        const item = { word: t.text, status: 'unknown' as const, occurrences };
        result.unknown.push(item);
        seen.set(t.text, item);
      } else {
        seen.set(t.text, { occurrences });
      }
    }
    return { ok: true, value: result };
  }

  /** As the pool runs it: this fake's spellcheck of the plain text (recorded as a spellcheckText call, with the job's level), then the answer made from it. */
  async languageToolCheck(job: LtCheckJob, options?: Parameters<Services['languageToolCheck']>[1]): Promise<Outcome<LtCheckAnswer>> {
    const o = await this.spellcheckText(job.plain, { ...options, level: job.level });
    return o.ok ? { ok: true, value: checkJobAnswer(job, o.value) } : o;
  }

  private resolve(token: string, maxCandidates: number, start: number | null): RomanToken {
    const words = ALIASES[token.toLowerCase()] ?? [];
    const candidates: RomanCandidate[] = words.slice(0, maxCandidates).map((word, i) => ({
      word,
      alias: token.toLowerCase(),
      weight: 10 - i,
      definition_rank: 1,
      dictionaries: ENTRIES[word]?.dictionaries ?? [],
      kinds: ['casual'],
    }));
    const status = candidates.length === 0 ? 'unresolved' : words.length > 1 ? 'ambiguous' : 'resolved';
    return {
      token,
      converted: candidates[0]?.word ?? token,
      status,
      start,
      end: start === null ? null : start + token.length,
      candidates,
    };
  }

  async romanizeText(text: string, maxCandidates: number): Promise<Outcome<RomanizationResult>> {
    const fail = await this.begin('romanizeText', [text, maxCandidates]);
    if (fail) return fail;
    const tokens: RomanToken[] = [];
    const converted = text.replace(/[A-Za-z]+/g, (m, offset: number) => {
      const t = this.resolve(m, maxCandidates, offset);
      tokens.push(t);
      return t.converted;
    });
    return { ok: true, value: { text, converted_text: converted, tokens } };
  }

  async romanizeTokens(tokens: string[], maxCandidates: number): Promise<Outcome<RomanizationResult>> {
    const fail = await this.begin('romanizeTokens', [tokens, maxCandidates]);
    if (fail) return fail;
    const out = tokens.map((t) => this.resolve(t, maxCandidates, null));
    return { ok: true, value: { text: null, converted_text: out.map((t) => t.converted).join(' '), tokens: out } };
  }

  /** Pieces and batch items, answered by the methods above and written as the worker writes them (src/worker/lines.ts). */
  async runLines(task: LinesTask, options: LinesJobOptions = {}): Promise<Outcome<Lines>> {
    const fail = await this.begin('runLines', [task, options]);
    if (fail) return fail;
    if (options.signal?.aborted) return { ok: false, code: 'CANCELLED', message: 'the client went away' };
    const encoder = new TextEncoder();
    switch (task.name) {
      case 'spellcheckPiece': {
        const text = pieceText(task.bytes);
        const o = await this.spellcheckText(text);
        if (!o.ok) return o;
        const r = shiftSpellcheck(o.value, task.start);
        return {
          ok: true,
          value: {
            bytes: pieceLine(task.piece, task.start, task.start + text.length, encoder.encode(JSON.stringify(r))),
            counts: spellcheckCounts(r),
            failures: [],
          },
        };
      }
      case 'romanizePiece': {
        const text = pieceText(task.bytes);
        const o = await this.romanizeText(text, task.maxCandidates);
        if (!o.ok) return o;
        const r = shiftRomanization(o.value, task.start);
        return {
          ok: true,
          value: {
            bytes: pieceLine(task.piece, task.start, task.start + text.length, encoder.encode(JSON.stringify(r))),
            counts: romanizationCounts(r),
            failures: [],
          },
        };
      }
      case 'batch': {
        const lines: Uint8Array[] = [];
        const failures: ItemFailure[] = [];
        for (const item of task.items) {
          const o = await this.item(item.task);
          if (o.ok) lines.push(itemLine(item.id, item.index, encoder.encode(JSON.stringify(o.value))));
          else failures.push({ index: item.index, code: o.code, message: o.message, similarWords: o.similarWords });
        }
        return { ok: true, value: { bytes: concatBytes(lines), counts: {}, failures } };
      }
    }
  }

  private item(task: ItemTask): Promise<Outcome<unknown>> {
    switch (task.name) {
      case 'spellcheckText':
        return this.spellcheckText(task.text);
      case 'spellcheckWord':
        return this.spellcheckWord(task.word);
      case 'romanizeText':
        return this.romanizeText(task.text, task.maxCandidates);
      case 'romanizeTokens':
        return this.romanizeTokens(task.tokens, task.maxCandidates);
      case 'lookupEntry':
        return this.lookup(task.word);
    }
  }

  poolThreads(): number {
    return 2;
  }

  dataVersion(): string {
    return this.version;
  }

  async health(): Promise<HealthSnapshot> {
    if (this.failures.health === 'throw') throw new Error('fake health failure: secret internal detail');
    return {
      databaseConnected: this.readable,
      entriesCount: Object.keys(ENTRIES).length,
      wordsCount: VOCABULARY.length,
      bloomLoaded: this.bloom,
      lruHits: this.hits,
      lruMisses: this.misses,
      issues: [...this.issues],
    };
  }

  storeReadable(): boolean {
    if (this.failures.storeReadable === 'throw') throw new Error('fake storeReadable failure');
    return this.readable;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
