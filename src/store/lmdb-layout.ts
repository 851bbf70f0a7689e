// The LMDB environment's layout, shared by the writer (build time) and the
// reader (service): one environment, these named sub-databases, values in
// lmdb-js's msgpack encoding (compact binary), keys NFC-normalized strings.

import type { FormRecord, StoredVerdict } from './types.js';

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
  entryJson: 'entry_json',
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

/** StoredVerdict as a flat array: [status, rule or null, ...corrections] (status 0 correct, 1 misspelled, 2 unknown). */
export type PackedVerdict = (number | string | null)[];

const VERDICT_STATUSES: readonly StoredVerdict['status'][] = ['correct', 'misspelled', 'unknown'];

export function packVerdict(v: StoredVerdict): PackedVerdict {
  return [VERDICT_STATUSES.indexOf(v.status), v.rule ?? null, ...(v.corrections ?? [])];
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
  return v;
}
