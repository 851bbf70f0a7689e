// The production WordStore: one LMDB environment opened read-only, every
// named sub-database opened once when the thread starts (opening them lazily
// from several threads is not safe), synchronous memory-mapped reads.

import { open, type Database, type RootDatabase } from 'lmdb';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formBeginningsFilter, type BeginningsFilter, type BloomFilter } from './bloom.js';
import {
  ANALYSIS_TABLES_KEY,
  BINARY_DBS,
  DB_NAMES,
  MAX_DBS,
  MAX_KEY_BYTES,
  SHARED_STRUCTURES_KEY,
  STORE_DIR,
  frozenTables,
  packedFormFlags,
  unpackAnalysis,
  unpackForm,
  unpackVerdict,
  type AnalysisTables,
  type PackedForm,
  type PackedVerdict,
} from './lmdb-layout.js';
import {
  STORE_SCHEMA_VERSION,
  type AliasRecord,
  type EnglishRecord,
  type ExampleSentence,
  type FormRecord,
  type HeadwordRecord,
  type SkeletonWord,
  type StoreMeta,
  type StoredAnalysis,
  type StoredVerdict,
} from './types.js';
import type { WordStore } from './word-store.js';

export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/**
 * A read the environment could not answer (MDB_PAGE_NOTFOUND, MDB_CORRUPTED,
 * a value that does not decode): the file changed under the service or was
 * damaged in a way its checksum at start-up could not see. `code` is the
 * LMDB code when there is one.
 */
export class StoreReadError extends Error {
  override name = 'StoreReadError';
  constructor(readonly code: string) {
    super(`the word store could not be read (${code})`);
  }
}

const MDB_CODE = /MDB_[A-Z_]+/;

export class LmdbStore implements WordStore {
  readonly meta: StoreMeta;
  private readonly env: RootDatabase;
  private readonly dbs: Record<keyof typeof DB_NAMES, Database>;
  /** The lists the stored analyses refer to (null: no analyses, or a table that does not read). */
  private readonly analysisTables: AnalysisTables | null;

  /**
   * Opens <dataDir>/store read-only; `bloom` is the verified filter, or null
   * when it is missing or corrupt. `onReadError` hears of every failed read
   * (the read itself throws StoreReadError).
   */
  constructor(
    readonly dataDir: string,
    private readonly bloom: BloomFilter | null,
    private readonly onReadError: (code: string) => void = () => {},
  ) {
    const path = join(dataDir, STORE_DIR);
    if (!existsSync(join(path, 'data.mdb'))) throw new StoreOpenError(`no LMDB store at ${path} (run \`make data\`)`);
    this.env = open({ path, maxDbs: MAX_DBS, readOnly: true, compression: false });
    const dbs = {} as Record<keyof typeof DB_NAMES, Database>;
    for (const [key, name] of Object.entries(DB_NAMES)) {
      dbs[key as keyof typeof DB_NAMES] = this.env.openDB(name, BINARY_DBS.has(name) ? { encoding: 'binary' } : { sharedStructuresKey: SHARED_STRUCTURES_KEY });
    }
    this.dbs = dbs;
    const meta = this.dbs.meta.get('meta') as StoreMeta | undefined;
    if (!meta) throw new StoreOpenError(`LMDB store at ${path} has no metadata (incomplete build?)`);
    if (meta.schemaVersion !== STORE_SCHEMA_VERSION) {
      throw new StoreOpenError(`LMDB store at ${path} has schema ${meta.schemaVersion}, this service reads ${STORE_SCHEMA_VERSION} (run \`make data\`)`);
    }
    this.meta = meta;
    this.analysisTables = frozenTables(this.dbs.analyses.get(ANALYSIS_TABLES_KEY));
    this.keyFilter = bloom && (meta.bloom?.confusionKeys ?? 0) > 0 ? bloom : null;
  }

  /** The filter, when it holds the confusion index's keys too (a filter of this build: the caller verified it). */
  private readonly keyFilter: BloomFilter | null;

  get bloomLoaded(): boolean {
    return this.bloom !== null;
  }

  private get<T>(db: Database, key: string): T | undefined {
    if (key.length === 0 || key.length * 3 > MAX_KEY_BYTES) return undefined;
    return this.read(() => db.get(key) as T | undefined);
  }

  private read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      const code = MDB_CODE.exec(String((err as Error)?.message ?? err))?.[0] ?? 'READ_ERROR';
      this.onReadError(code);
      throw new StoreReadError(code);
    }
  }

  headword(word: string): HeadwordRecord | undefined {
    return this.get<HeadwordRecord>(this.dbs.headwords, word);
  }

  entryJson(word: string): Uint8Array | undefined {
    // getBinary copies out of the map: the bytes may be written after an await, when the map has moved on.
    // A store built before the entries' JSON has no such database (lmdb-js gives no handle for it read-only).
    const db = this.dbs.entryJson as Database | undefined;
    if (db === undefined || word.length === 0 || word.length * 3 > MAX_KEY_BYTES) return undefined;
    return this.read(() => db.getBinary(word) ?? undefined);
  }

  form(word: string): FormRecord | undefined {
    const p = this.get<PackedForm>(this.dbs.forms, word);
    return p ? unpackForm(p) : undefined;
  }

  formFlags(word: string): number | undefined {
    if (word.length === 0 || word.length * 3 > MAX_KEY_BYTES) return undefined;
    return this.read(() => {
      // getBinaryFast's buffer is reused by the next read: read the flags at once.
      const bytes = this.dbs.forms.getBinaryFast(word);
      if (bytes === undefined) return undefined;
      return packedFormFlags(bytes) ?? unpackForm(this.dbs.forms.get(word) as PackedForm).flags;
    });
  }

  mayBeForm(word: string): boolean {
    // Without the filter every word may be a form: the caller looks it up.
    return this.bloom ? this.bloom.has(word) : true;
  }

  mayBeFormJoined(a: string, b: string, c = ''): boolean {
    return this.bloom ? this.bloom.hasJoined(a, b, c) : true;
  }

  private beginnings: BeginningsFilter | null = null;

  formBeginnings(): BeginningsFilter {
    // Without the build's (a filter missing, or an older build): one made from every form, once per thread.
    return (this.beginnings ??= formBeginningsFilter(this.bloom, this.meta.bloom?.beginnings, () => this.formWords()));
  }

  formsByConfusionKey(key: string): string[] {
    // Most keys asked for are no key of the index: the filter spares the read.
    if (this.keyFilter && !this.keyFilter.mayHaveConfusionKey(key)) return [];
    return this.get<string[]>(this.dbs.confusion, key) ?? [];
  }

  completions(prefix: string): string[] {
    return this.get<string[]>(this.dbs.completions, prefix) ?? [];
  }

  aliases(alias: string): AliasRecord[] {
    return this.get<AliasRecord[]>(this.dbs.aliases, alias) ?? [];
  }

  fuzzyAliases(key: string): AliasRecord[] {
    return this.get<AliasRecord[]>(this.dbs.fuzzyAliases, key) ?? [];
  }

  examples(word: string): ExampleSentence[] {
    return this.sentencesUnder(this.dbs.sentenceIndex, word);
  }

  exampleSentences(word: string): ExampleSentence[] {
    return this.sentencesUnder(this.dbs.exampleIndex, word);
  }

  private sentencesUnder(index: Database, word: string): ExampleSentence[] {
    const ids = this.get<number[]>(index, word) ?? [];
    const out: ExampleSentence[] = [];
    for (const id of ids) {
      const s = this.read(() => this.dbs.sentences.get(String(id)) as ExampleSentence | undefined);
      if (s) out.push(s);
    }
    return out;
  }

  verdict(word: string): StoredVerdict | undefined {
    const p = this.get<PackedVerdict>(this.dbs.verdicts, word);
    return p === undefined ? undefined : unpackVerdict(p);
  }

  analysis(key: string): StoredAnalysis | undefined {
    if (this.analysisTables === null || key === ANALYSIS_TABLES_KEY) return undefined;
    const p = this.get<unknown>(this.dbs.analyses, key);
    return p === undefined ? undefined : unpackAnalysis(key, p, this.analysisTables);
  }

  caseForms(word: string): number {
    const n = this.get<unknown>(this.dbs.caseForms, word);
    return typeof n === 'number' ? n : 0;
  }

  rank(word: string): number | undefined {
    const n = this.get<unknown>(this.dbs.ranks, word);
    return typeof n === 'number' ? n : undefined;
  }

  loanSkeleton(key: string): readonly SkeletonWord[] {
    return this.get<SkeletonWord[]>(this.dbs.loanSkeletons, key) ?? [];
  }

  english(word: string): EnglishRecord | undefined {
    return this.get<EnglishRecord>(this.dbs.english, word);
  }

  englishWords(key: string): readonly string[] {
    return this.get<string[]>(this.dbs.englishIndex, key) ?? [];
  }

  /** A cheap read that fails when the environment is unusable (for GET /up). */
  probe(): boolean {
    try {
      return this.dbs.meta.get('meta') !== undefined;
    } catch {
      return false;
    }
  }

  /** Every form of the store, in key order (whole-store checks: test/integration/correction-cycles.test.ts, standard-words.test.ts). */
  *formWords(): Generator<string> {
    for (const key of this.dbs.forms.getKeys({})) yield String(key);
  }

  close(): void {
    this.env.close();
  }
}
