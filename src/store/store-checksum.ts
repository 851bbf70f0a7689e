// The store's checksum: the data build writes the size and an xxh64 of the
// LMDB data file beside it (store/CHECKSUM.json); the service checks both
// BEFORE lmdb maps the file. LMDB trusts its file: a zero-byte or scrambled
// data.mdb makes it fault (SIGSEGV), a truncated one faults on the first
// read past the end (SIGBUS), flipped bytes surface later as MDB_PAGE_NOTFOUND
// on some requests. None of that can be caught once the file is mapped; a
// damaged file refused here never is.

import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import xxhash from 'xxhash-wasm';
import { STORE_DIR } from './lmdb-layout.js';

const { create64 } = await xxhash();

export const DATA_FILE = 'data.mdb';
export const CHECKSUM_FILE = 'CHECKSUM.json';

/** Written by the build beside data.mdb. */
export interface StoreChecksum {
  file: string;
  bytes: number;
  xxh64: string;
}

/** Thrown when the store must not be opened; the message names the file and what is wrong. */
export class StoreDamaged extends Error {
  override name = 'StoreDamaged';
}

const CHUNK = 4 * 1024 * 1024;

/** Feeds a file to `update` in chunks; returns the bytes read. */
export function readChunks(path: string, update: (chunk: Buffer) => void): number {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let read = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, read);
      if (n === 0) break;
      update(n === CHUNK ? buf : buf.subarray(0, n));
      read += n;
    }
    return read;
  } finally {
    closeSync(fd);
  }
}

/** xxh64 (hex) and size of a file, read in chunks. */
export function fileChecksum(path: string): { bytes: number; xxh64: string } {
  const hasher = create64();
  const bytes = readChunks(path, (chunk) => hasher.update(chunk));
  return { bytes, xxh64: hasher.digest().toString(16).padStart(16, '0') };
}

/** Build time: records the checksum of <buildDir>/store/data.mdb. */
export function writeStoreChecksum(buildDir: string): StoreChecksum {
  const dir = join(buildDir, STORE_DIR);
  const sum: StoreChecksum = { file: DATA_FILE, ...fileChecksum(join(dir, DATA_FILE)) };
  writeFileSync(join(dir, CHECKSUM_FILE), JSON.stringify(sum, null, 2) + '\n');
  return sum;
}

/** Start-up: throws StoreDamaged unless <buildDir>/store/data.mdb is the file the build wrote. */
export function verifyStoreChecksum(buildDir: string): StoreChecksum {
  const dir = join(buildDir, STORE_DIR);
  const dataPath = join(dir, DATA_FILE);
  const sumPath = join(dir, CHECKSUM_FILE);
  let expected: StoreChecksum;
  try {
    expected = JSON.parse(readFileSync(sumPath, 'utf8')) as StoreChecksum;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw new StoreDamaged(`${sumPath}: ${missing ? 'missing (a build from an older version?)' : 'unreadable'}; run \`make data\``);
  }
  if (typeof expected.bytes !== 'number' || typeof expected.xxh64 !== 'string') throw new StoreDamaged(`${sumPath}: not a store checksum; run \`make data\``);
  let actual: { bytes: number; xxh64: string };
  try {
    actual = fileChecksum(dataPath);
  } catch (err) {
    throw new StoreDamaged(`${dataPath}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); run \`make data\``);
  }
  if (actual.bytes !== expected.bytes) {
    const what = actual.bytes === 0 ? 'is empty' : actual.bytes < expected.bytes ? 'is truncated' : 'has grown';
    throw new StoreDamaged(`${dataPath} ${what}: ${actual.bytes} bytes, the build wrote ${expected.bytes}; run \`make data\``);
  }
  if (actual.xxh64 !== expected.xxh64) {
    throw new StoreDamaged(`${dataPath} is damaged: its checksum is ${actual.xxh64}, the build wrote ${expected.xxh64}; run \`make data\``);
  }
  return expected;
}
