// The built data as one archive (src/build/archive.ts): packed from the real
// build, unpacked into an empty data folder, served; a damaged archive, a
// second install of the same build and another schema change nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readlinkSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ArchiveError, packBuild, sha256File, unpackBuild } from '../../src/build/archive.js';
import { fileChecksum } from '../../src/store/store-checksum.js';
import { DATA_DIR, SKIP_WITHOUT_DATA, BUILD_DIR } from './real-data.js';
import { startTestService } from './service.js';

test(
  'pack the real build, unpack it into an empty folder, serve it: the same bytes and the same answers',
  { skip: SKIP_WITHOUT_DATA, timeout: 180_000 },
  async (t) => {
    const work = mkdtempSync(join(tmpdir(), 'nls-archive-'));
    t.after(() => rmSync(work, { recursive: true, force: true }));
    const packed = packBuild(DATA_DIR, join(work, 'out'));
    const name = basename(packed.archive);
    assert.match(name, /^nls-data-\d{4}-\d{2}-\d{2}T[\d-]+Z-schema\d+-[0-9a-f]{16}\.tar\.gz$/);
    assert.equal(readFileSync(`${packed.archive}.sha256`, 'utf8'), `${packed.sha256}  ${name}\n`, 'sha256sum -c reads it');
    assert.equal(sha256File(packed.archive), packed.sha256);

    const replica = join(work, 'replica-data');
    const installed = unpackBuild(packed.archive, replica);
    assert.equal(readlinkSync(join(replica, 'current')), join('builds', basename(BUILD_DIR)));
    // Byte for byte the build it came from.
    assert.deepEqual(fileChecksum(join(installed.buildDir, 'store', 'data.mdb')), fileChecksum(join(BUILD_DIR, 'store', 'data.mdb')));
    assert.deepEqual(readFileSync(join(installed.buildDir, 'bloom.bin')), readFileSync(join(BUILD_DIR, 'bloom.bin')));
    // LMDB's lock file is the opener's, not the build's: not carried.
    assert.ok(!existsSync(join(installed.buildDir, 'store', 'lock.mdb')));

    const svc = await startTestService({ dataDir: replica });
    t.after(() => svc.close());
    const h = (await (await fetch(`${svc.base}/api/v1/health`)).json()) as { status: string; database: { entries_count: number } };
    assert.equal(h.status, 'healthy');
    assert.ok(h.database.entries_count > 30_000);
    const word = await fetch(`${svc.base}/api/v1/dictionary/word?q=${encodeURIComponent('घर')}`);
    assert.equal(word.status, 200);

    // The same build again: refused, nothing touched.
    assert.throws(
      () => unpackBuild(packed.archive, replica),
      (e: Error) => e instanceof ArchiveError && /already exists/.test(e.message),
    );
  },
);

test('a damaged archive, a wrong checksum, another schema or a strange name change nothing', { skip: SKIP_WITHOUT_DATA, timeout: 180_000 }, async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'nls-archive-bad-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const packed = packBuild(DATA_DIR, join(work, 'out'));
  const name = basename(packed.archive);
  // Four bytes changed in the middle, the published .sha256 beside it.
  mkdirSync(join(work, 'bad'));
  const bad = join(work, 'bad', name);
  copyFileSync(packed.archive, bad);
  copyFileSync(`${packed.archive}.sha256`, `${bad}.sha256`);
  const fd = openSync(bad, 'r+');
  writeSync(fd, Buffer.from('xxxx'), 0, 4, Math.floor(packed.bytes / 2));
  closeSync(fd);
  const target = join(work, 'data');
  assert.throws(() => unpackBuild(bad, target), /SHA-256 [0-9a-f]{64}, expected [0-9a-f]{64}: the archive is damaged/);
  assert.ok(!existsSync(join(target, 'current')), 'no current build');
  // The right archive with a wrong expected sum given.
  assert.throws(() => unpackBuild(packed.archive, target, '0'.repeat(64)), /damaged or not the one published/);
  // Without a sidecar, a damaged archive is still caught: by gzip, or by the store's own checksum.
  rmSync(`${bad}.sha256`);
  assert.throws(
    () => unpackBuild(bad, target),
    (e: Error) => /gzip|tar|checksum|xxh64|differs|size/i.test(e.message),
  );
  assert.ok(!existsSync(join(target, 'current')));
  // Another schema, another name.
  const other = join(work, 'out', name.replace(/-schema\d+-/, '-schema999-'));
  copyFileSync(packed.archive, other);
  assert.throws(() => unpackBuild(other, target), /schema 999; this service reads schema/);
  assert.throws(() => unpackBuild(join(work, 'out', 'data.tar.gz'), target), /not a data archive's name/);
});
