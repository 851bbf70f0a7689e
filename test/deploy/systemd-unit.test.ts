// deploy/nls@.service as systemd reads it: `systemd-analyze verify` on an
// instance of the template finds no unknown key, bad value or missing
// binary (it warns on stderr and still exits 0, so stderr must be empty).
// Skipped, saying why, where systemd-analyze is not installed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from '../../src/config.js';
import { requirePart, runs } from '../parts.js';

const UNIT = join(process.cwd(), 'deploy', 'nls@.service');
const SKIP = requirePart('systemd-analyze', runs('systemd-analyze'), 'apt-get install systemd');

test('the systemd unit verifies cleanly as an instance (nls@8081.service)', { skip: SKIP }, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-unit-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const instance = join(dir, 'nls@8081.service');
  copyFileSync(UNIT, instance);
  const r = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr.trim(), '', 'no warning');
});

test('the unit runs the service as docs/operations.md says: the port from the instance, nginx trusted, SIGTERM with time to drain', () => {
  const unit = readFileSync(UNIT, 'utf8');
  assert.match(unit, /^Environment=PORT=%i$/m);
  assert.match(unit, /^Environment=TRUSTED_PROXIES=127\.0\.0\.1$/m);
  assert.match(unit, /^ExecStart=\/usr\/bin\/node --max-semi-space-size=4 --v8-pool-size=1 dist\/src\/main\.js$/m);
  assert.match(unit, /^KillSignal=SIGTERM$/m);
  // Longer than the service's own shutdown grace (SHUTDOWN_GRACE_MS) and the pool's closing after it.
  const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
  assert.ok(stop * 1000 >= DEFAULTS.shutdownGraceMs + 10_000, `TimeoutStopSec ${stop}`);
  // Refusals to start (exit 1, 2) are not restarted in a loop.
  assert.match(unit, /^RestartPreventExitStatus=1 2$/m);
});
