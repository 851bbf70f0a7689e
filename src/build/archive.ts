// The built data as one artifact: every replica serves the same bytes.
//
// pack: native-data/current (the build's store, Bloom filter, SOURCES.json
// and the store's CHECKSUM.json; not lock.mdb, which LMDB makes) as one
// gzip'd tar, named by the build and its content:
//   nls-data-<build time>-schema<N>-<xxh64 of data.mdb>.tar.gz
// beside it <name>.sha256 (sha256sum's format), so a replica can check what
// it fetched before it unpacks anything.
//
// unpack: checks the archive's SHA-256 (when its .sha256 is beside it or
// given), extracts into native-data/builds/.tmp-<pid>, checks the store
// against its CHECKSUM.json (what the service checks at start), moves it to
// builds/<build time> and switches native-data/current to it with one
// rename(2), as a build does. A damaged archive changes nothing.
//
// tar and gzip are Debian's (the archive is then readable with any tar).

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { resolveDataDir } from '../store/data-dir.js';
import { STORE_DIR } from '../store/lmdb-layout.js';
import { readChunks, verifyStoreChecksum, type StoreChecksum } from '../store/store-checksum.js';
import { STORE_SCHEMA_VERSION } from '../store/types.js';
import { swapCurrent } from './pipeline.js';

/** The files of a build that make it whole, relative to the build folder. */
const BUILD_FILES = ['SOURCES.json', 'bloom.bin', `${STORE_DIR}/data.mdb`, `${STORE_DIR}/CHECKSUM.json`];

const NAME = /^nls-data-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-schema(\d+)-([0-9a-f]{16})\.tar\.gz$/;

export class ArchiveError extends Error {}

/** SHA-256 of a file, hex, read in chunks. */
export function sha256File(path: string): string {
  const hash = createHash('sha256');
  readChunks(path, (chunk) => hash.update(chunk));
  return hash.digest('hex');
}

function run(cmd: string, args: string[], what: string): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw new ArchiveError(`${what}: ${cmd} could not run (${(r.error as NodeJS.ErrnoException).code ?? r.error.message})`);
  if (r.status !== 0) throw new ArchiveError(`${what}: ${cmd} exited ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
}

export interface PackResult {
  archive: string;
  sha256: string;
  bytes: number;
}

/** Writes the current build of `dataDir` as an archive (and its .sha256) into `outDir`. */
export function packBuild(dataDir: string, outDir: string): PackResult {
  const buildDir = realpathSync(resolveDataDir(dataDir));
  const build = basename(buildDir);
  for (const f of BUILD_FILES)
    if (!existsSync(join(buildDir, f))) throw new ArchiveError(`${join(buildDir, f)} is missing: not a complete build (run \`make data\`)`);
  // The archive says what it holds only if the store is the one the build wrote.
  const sum: StoreChecksum = verifyStoreChecksum(buildDir);
  const name = `nls-data-${build}-schema${STORE_SCHEMA_VERSION}-${sum.xxh64}.tar.gz`;
  if (!NAME.test(name)) throw new ArchiveError(`${buildDir}: not a build folder of the pipeline (builds/<time>)`);
  mkdirSync(outDir, { recursive: true });
  const archive = join(outDir, name);
  const tmp = `${archive}.tmp-${process.pid}`;
  try {
    // gzip -1: the store's pages compress 4-5x at any level; higher levels cost time for a few per cent.
    run(
      'tar',
      ['--create', '--file', tmp, '--use-compress-program', 'gzip -1', '--directory', buildDir, '--owner=0', '--group=0', '--numeric-owner', ...BUILD_FILES],
      'packing',
    );
    const sha256 = sha256File(tmp);
    renameSync(tmp, archive);
    writeFileSync(`${archive}.sha256`, `${sha256}  ${name}\n`);
    return { archive, sha256, bytes: statSync(archive).size };
  } finally {
    rmSync(tmp, { force: true });
  }
}

export interface UnpackResult {
  buildDir: string;
  checksum: StoreChecksum;
}

/**
 * Installs an archive as the current build of `dataDir`. `expectedSha256`:
 * what the archive must hash to; by default the one in <archive>.sha256
 * when that file exists (an archive without either is unpacked unchecked,
 * and the store's own checksum still guards the data).
 */
export function unpackBuild(archive: string, dataDir: string, expectedSha256?: string): UnpackResult {
  const name = basename(archive);
  const m = NAME.exec(name);
  if (!m) throw new ArchiveError(`${name}: not a data archive's name (nls-data-<build time>-schema<N>-<xxh64>.tar.gz)`);
  const [, build, schema] = m;
  if (Number(schema) !== STORE_SCHEMA_VERSION)
    throw new ArchiveError(`${name}: a store of schema ${schema}; this service reads schema ${STORE_SCHEMA_VERSION}`);
  if (!existsSync(archive)) throw new ArchiveError(`${archive}: no such file`);
  let expected = expectedSha256;
  const sidecar = `${archive}.sha256`;
  if (expected === undefined && existsSync(sidecar)) expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
  if (expected !== undefined) {
    const actual = sha256File(archive);
    if (actual !== expected.toLowerCase())
      throw new ArchiveError(`${name}: SHA-256 ${actual}, expected ${expected}: the archive is damaged or not the one published`);
  }
  const builds = join(dataDir, 'builds');
  const target = join(builds, build!);
  if (existsSync(target))
    throw new ArchiveError(`${target} already exists: this build is installed (native-data/current points at it or can be switched with a rebuild)`);
  mkdirSync(builds, { recursive: true });
  const tmp = join(builds, `.tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  try {
    run('tar', ['--extract', '--file', archive, '--use-compress-program', 'gzip', '--directory', tmp, '--no-same-owner', ...BUILD_FILES], 'unpacking');
    const checksum = verifyStoreChecksum(tmp);
    renameSync(tmp, target);
    swapCurrent(dataDir, target);
    return { buildDir: target, checksum };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** The folder an archive would be written to by default: beside the builds. */
export function defaultArchiveDir(dataDir: string): string {
  return join(dirname(join(dataDir, 'builds')), 'archives');
}
