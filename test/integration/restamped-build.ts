// A copy of the real build whose metadata says something else (another
// engine computed its stored answers), for the tests of what the service
// does with such a store: it says so in its health and answers as it would
// with its own.

import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { open } from 'lmdb';
import { BLOOM_FILE, DB_NAMES, MAX_DBS, SHARED_STRUCTURES_KEY, STORE_DIR } from '../../src/store/lmdb-layout.js';
import { writeStoreChecksum } from '../../src/store/store-checksum.js';
import type { StoreMeta } from '../../src/store/types.js';
import { BUILD_DIR } from './real-data.js';
import { startTestService, type TestService } from './service.js';

/** A build folder (removed after the test) holding a copy of the real store with its metadata rewritten by `restamp`. */
export async function restampedBuild(t: { after(fn: () => void): void }, restamp: (meta: StoreMeta) => StoreMeta): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'nls-restamped-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(resolve(BUILD_DIR, STORE_DIR), join(dir, STORE_DIR), { recursive: true });
  symlinkSync(resolve(BUILD_DIR, BLOOM_FILE), join(dir, BLOOM_FILE));
  const env = open({ path: join(dir, STORE_DIR), maxDbs: MAX_DBS, compression: false });
  const metaDb = env.openDB(DB_NAMES.meta, { sharedStructuresKey: SHARED_STRUCTURES_KEY });
  await metaDb.put('meta', restamp(metaDb.get('meta') as StoreMeta));
  await env.close();
  // It stands for a build made by other code, so it is checksummed as a build would be.
  writeStoreChecksum(dir);
  return dir;
}

export interface RestampedServices {
  /** A service over the restamped copy, and its health. */
  stale: TestService;
  health: { status: string; issues: string[] };
  /** A service over the real build, whose health is checked healthy. */
  good: TestService;
}

/** Services over a restamped copy of the real build and over the build itself (both closed after the test). */
export async function restampedServices(
  t: { after(fn: () => void | Promise<void>): void },
  restamp: (meta: StoreMeta) => StoreMeta,
): Promise<RestampedServices> {
  const dir = await restampedBuild(t, restamp);
  const good = await startTestService();
  t.after(() => good.close());
  const stale = await startTestService({ dataDir: dir });
  t.after(() => stale.close());
  const health = (await (await fetch(`${stale.base}/api/v1/health`)).json()) as { status: string; issues: string[] };
  const hg = (await (await fetch(`${good.base}/api/v1/health`)).json()) as { status: string };
  if (hg.status !== 'healthy') throw new Error(`the real build's service is ${hg.status}`);
  return { stale, health, good };
}
