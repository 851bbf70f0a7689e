// The LMDB environment's layout, shared by the writer (build time) and the
// reader (service): one environment, these named sub-databases, values in
// lmdb-js's msgpack encoding (compact binary), keys NFC-normalized strings.

import type { FormRecord, StoredAnalysis, StoredCandidate, StoredVerdict } from './types.js';

export const DB_NAMES = {
  meta: 'meta',
  headwords: 'headwords',
  forms: 'forms',
  confusion: 'confusion',
  completions: 'completions',
  aliases: 'aliases',
  fuzzyAliases: 'fuzzy_aliases',
  sentences: 'sentences',
  sentenceIndex: 'sentence_index',
  verdicts: 'verdicts',
  analyses: 'roman_analyses',
  caseForms: 'case_forms',
  entryJson: 'entry_json',
  ranks: 'ranks',
  loanSkeletons: 'loan_skeletons',
  english: 'english',
  englishIndex: 'english_index',
  exampleIndex: 'example_index',
} as const;

/** Sub-databases whose values are raw bytes, not msgpack (the reader opens them with encoding 'binary'). */
export const BINARY_DBS: ReadonlySet<string> = new Set([DB_NAMES.entryJson]);

/**
 * msgpackr record structures are stored once per database under this key
 * instead of repeating field names in every value.
 */
export const SHARED_STRUCTURES_KEY = Symbol.for('structures');

export const MAX_DBS = Object.keys(DB_NAMES).length + 2;
/** LMDB's key limit is 1978 bytes; nothing we index comes close, longer keys are skipped. */
export const MAX_KEY_BYTES = 1000;
export const STORE_DIR = 'store';
export const BLOOM_FILE = 'bloom.bin';
export const SOURCES_FILE = 'SOURCES.json';

/** FormRecord as a flat array: [flags, stem, prefix, suffix, flag, stem, prefix, suffix, flag, ...]. */
export type PackedForm = (number | string | null)[];

export function packForm(r: FormRecord): PackedForm {
  const out: PackedForm = [r.flags];
  for (const a of r.analyses) out.push(a.stem, a.prefix, a.suffix, a.flag);
  return out;
}

export function unpackForm(p: PackedForm): FormRecord {
  const analyses: FormRecord['analyses'] = [];
  for (let i = 1; i + 3 < p.length; i += 4) {
    analyses.push({ stem: p[i] as string, prefix: p[i + 1] as string, suffix: p[i + 2] as string, flag: p[i + 3] as number | null });
  }
  return { flags: p[0] as number, analyses };
}

/**
 * The flags of a packed form from its msgpack bytes, without decoding the
 * analyses: the first element of the array (a fixarray or array16/32
 * header, then a positive fixint or uint8). Undefined for any other
 * encoding (the caller decodes the whole record then).
 */
export function packedFormFlags(bytes: Uint8Array): number | undefined {
  const h = bytes[0]!;
  const at = h >= 0x91 && h <= 0x9f ? 1 : h === 0xdc ? 3 : h === 0xdd ? 5 : -1;
  if (at < 0 || at >= bytes.length) return undefined;
  const v = bytes[at]!;
  if (v < 0x80) return v;
  return v === 0xcc && at + 1 < bytes.length ? bytes[at + 1] : undefined;
}

/** StoredVerdict as a flat array: [status, rule or null, ...corrections] (status 0 correct, 1 misspelled, 2 unknown, 3 misspelled as a real-word error). */
export type PackedVerdict = (number | string | null)[];

const VERDICT_STATUSES: readonly StoredVerdict['status'][] = ['correct', 'misspelled', 'unknown', 'misspelled'];
const REAL_WORD_STATUS = 3;

export function packVerdict(v: StoredVerdict): PackedVerdict {
  return [v.category === 'real-word' ? REAL_WORD_STATUS : VERDICT_STATUSES.indexOf(v.status), v.rule ?? null, ...(v.corrections ?? [])];
}

/** The verdict, or undefined when the record is not one (a damaged or foreign value is no answer). */
export function unpackVerdict(p: unknown): StoredVerdict | undefined {
  if (!Array.isArray(p) || typeof p[0] !== 'number') return undefined;
  const status = VERDICT_STATUSES[p[0]];
  if (status === undefined) return undefined;
  const corrections = p.slice(2);
  if (!corrections.every((c) => typeof c === 'string') || (status === 'misspelled') !== corrections.length > 0) return undefined;
  const v: StoredVerdict = { status, corrections: status === 'misspelled' ? (corrections as string[]) : null };
  if (typeof p[1] === 'string') v.rule = p[1];
  if (p[0] === REAL_WORD_STATUS) v.category = 'real-word';
  return v;
}

/**
 * A StoredAnalysis as a flat array: [flags, ranked, then for each
 * candidate: word, alias (0 when it is the key itself, as it is for most
 * casual matches), weight, definition_rank, dictionaries, kinds, stage x 2
 * + headword], where dictionaries and kinds are indexes into the lists of
 * AnalysisTables: a few dozen distinct lists serve every candidate.
 */
export type PackedAnalysis = (number | string)[];

/** The distinct dictionaries and kinds lists of the stored analyses, under ANALYSIS_TABLES_KEY in their sub-database. */
export interface AnalysisTables {
  dictionaries: string[][];
  kinds: string[][];
}

/** The key of the AnalysisTables record (no roman key of a stored analysis has a #). */
export const ANALYSIS_TABLES_KEY = '#tables';

const CANDIDATE_FIELDS = 7;

/** Packs an analysis, adding the lists it uses to the tables being built (`index`: list -> its index, by the list joined with newlines). */
export function packAnalysis(key: string, a: StoredAnalysis, tables: AnalysisTables, index: Map<string, number>): PackedAnalysis {
  const intern = (list: string[], into: string[][], kind: string): number => {
    const id = kind + list.join('\n');
    let i = index.get(id);
    if (i === undefined) {
      i = into.length;
      into.push([...list]);
      index.set(id, i);
    }
    return i;
  };
  const out: PackedAnalysis = [a.flags, a.ranked];
  for (const c of a.candidates) {
    out.push(
      c.word,
      c.alias === key ? 0 : c.alias,
      c.weight,
      c.definition_rank,
      intern(c.dictionaries, tables.dictionaries, 'd'),
      intern(c.kinds, tables.kinds, 'k'),
      c.stage * 2 + (c.headword ? 1 : 0),
    );
  }
  return out;
}

/** The analysis, or undefined when the record is not one (a damaged or foreign value is no answer). Its lists are the tables' own (frozen). */
export function unpackAnalysis(key: string, p: unknown, tables: AnalysisTables): StoredAnalysis | undefined {
  if (!Array.isArray(p) || p.length < 2 || (p.length - 2) % CANDIDATE_FIELDS !== 0 || typeof p[0] !== 'number' || typeof p[1] !== 'number') return undefined;
  const candidates: StoredCandidate[] = [];
  for (let i = 2; i < p.length; i += CANDIDATE_FIELDS) {
    const word = p[i];
    const alias = p[i + 1] === 0 ? key : p[i + 1];
    const dictionaries = tables.dictionaries[p[i + 4]];
    const kinds = tables.kinds[p[i + 5]];
    const [weight, definitionRank, sh] = [p[i + 2], p[i + 3], p[i + 6]];
    if (typeof word !== 'string' || typeof alias !== 'string' || typeof weight !== 'number' || typeof definitionRank !== 'number' || typeof sh !== 'number')
      return undefined;
    if (dictionaries === undefined || kinds === undefined) return undefined;
    candidates.push({ word, alias, weight, definition_rank: definitionRank, dictionaries, kinds, stage: sh >> 1, headword: (sh & 1) === 1 });
  }
  if (p[1] > candidates.length) return undefined;
  return { flags: p[0], ranked: p[1], candidates };
}

/** The tables as read back, frozen: the lists are shared by every analysis that reads them. */
export function frozenTables(t: unknown): AnalysisTables | null {
  const lists = (x: unknown): string[][] | null =>
    Array.isArray(x) && x.every((l) => Array.isArray(l) && l.every((s) => typeof s === 'string'))
      ? x.map((l: string[]) => Object.freeze([...l]) as string[])
      : null;
  if (typeof t !== 'object' || t === null) return null;
  const dictionaries = lists((t as AnalysisTables).dictionaries);
  const kinds = lists((t as AnalysisTables).kinds);
  return dictionaries && kinds ? { dictionaries, kinds } : null;
}
