// A copy of the compiled engine (dist/src/engine) in a temporary folder, for
// the tests of the fingerprints stamped on the build's stored answers.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/src/engine, as compiled next to this module (dist/test/engine). */
const ENGINE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'engine');

/** The copy's folder, removed after the test. */
export function engineCopy(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'nls-engine-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(ENGINE, dir, { recursive: true });
  return dir;
}
