// Writes StoreRecords into a fresh LMDB environment (build time only). The
// service never writes: it opens the environment read-only, and a new build
// goes into a new directory (see src/build/pipeline.ts), so a worker's read
// snapshot never goes stale and resetReadTxn() is not needed.

import { open, type Database, type RootDatabase } from 'lmdb';
import { join } from 'node:path';
import {
  ANALYSIS_TABLES_KEY,
  BINARY_DBS,
  DB_NAMES,
  MAX_DBS,
  MAX_KEY_BYTES,
  SHARED_STRUCTURES_KEY,
  STORE_DIR,
  packAnalysis,
  packForm,
  packVerdict,
  type AnalysisTables,
} from './lmdb-layout.js';
import type { StoreMeta, StoreRecords } from './types.js';

const BATCH = 50_000;

function keyFits(key: string): boolean {
  return key.length > 0 && Buffer.byteLength(key) <= MAX_KEY_BYTES;
}

/** Writes the records into <dir>/store and returns the number of keys written. */
export async function writeLmdbStore(dir: string, records: StoreRecords, meta: StoreMeta, progress: (msg: string) => void = () => {}): Promise<number> {
  const env: RootDatabase = open({ path: join(dir, STORE_DIR), maxDbs: MAX_DBS, compression: false });
  let written = 0;
  const writeMap = <V>(name: string, entries: Iterable<[string, V]>, encode: (v: V) => unknown = (v) => v): void => {
    const db: Database = env.openDB(name, BINARY_DBS.has(name) ? { encoding: 'binary' } : { sharedStructuresKey: SHARED_STRUCTURES_KEY });
    let batch: [string, unknown][] = [];
    const flush = (): void => {
      const rows = batch;
      env.transactionSync(() => {
        for (const [k, v] of rows) db.putSync(k, v, { append: true });
      });
      written += rows.length;
      batch = [];
    };
    let n = 0;
    // Keys go in sorted (UTF-8 byte order = code point order for these BMP
    // keys), appended with MDB_APPEND: pages fill completely instead of being
    // split in half, which makes the store about half the size.
    const sorted = [...entries].filter(([k]) => keyFits(k)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [k, v] of sorted) {
      batch.push([k, encode(v)]);
      n++;
      if (batch.length >= BATCH) flush();
    }
    flush();
    progress(`  ${name}: ${n} keys`);
  };
  writeMap(DB_NAMES.headwords, records.headwords);
  writeMap(DB_NAMES.forms, records.forms, packForm);
  writeMap(DB_NAMES.confusion, records.confusion);
  writeMap(DB_NAMES.completions, records.completions);
  writeMap(DB_NAMES.aliases, records.aliases);
  writeMap(DB_NAMES.fuzzyAliases, records.fuzzyAliases);
  writeMap(
    DB_NAMES.sentences,
    records.sentences.map((s, i) => [String(i), s] as [string, typeof s]),
  );
  writeMap(DB_NAMES.sentenceIndex, records.sentenceIndex);
  writeMap(DB_NAMES.verdicts, records.verdicts, packVerdict);
  writeMap(DB_NAMES.entryJson, records.entryJson ?? new Map<string, Uint8Array>(), (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength));
  // The analyses' lists of dictionaries and kinds go once into a table record beside them.
  const tables: AnalysisTables = { dictionaries: [], kinds: [] };
  const index = new Map<string, number>();
  const analyses: [string, unknown][] = [...records.analyses].map(([key, a]) => [key, packAnalysis(key, a, tables, index)]);
  writeMap(DB_NAMES.analyses, [[ANALYSIS_TABLES_KEY, tables], ...analyses]);
  writeMap(DB_NAMES.caseForms, records.caseForms);
  writeMap(DB_NAMES.ranks, records.ranks);
  writeMap(DB_NAMES.loanSkeletons, records.loanSkeletons);
  writeMap(DB_NAMES.english, records.english ?? new Map());
  writeMap(DB_NAMES.englishIndex, records.englishIndex ?? new Map());
  writeMap(DB_NAMES.exampleIndex, records.exampleIndex ?? new Map());
  writeMap(DB_NAMES.meta, [['meta', meta]]);
  await env.close();
  return written;
}
