// The Debian parts some tests need (redis-server, nginx, chromium, the
// hunspell and tesseract tools, systemd-analyze, LibreOffice with its Python
// bridge) and the data `make data`
// builds. Outside CI a test that needs a missing part skips with a message
// saying how to install it. In CI (CI=true, which .ci/run sets) a missing part
// fails the run with a test named after it: a suite skipped in CI would
// otherwise pass unseen.

import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

export const IN_CI = process.env.CI === 'true';

const failed = new Set<string>();

/**
 * The skip reason of a test that needs `part`, or false when it is there.
 * `install` says how to get it (an apt-get line, a make target).
 */
export function requirePart(part: string, present: boolean, install: string): string | false {
  if (present) return false;
  const why = `${part} is missing (${install})`;
  if (IN_CI && !failed.has(part)) {
    failed.add(part);
    test(`required part: ${part}`, () => {
      throw new Error(`CI=true and ${why}: the tests that need it would be skipped, so the run fails instead`);
    });
  }
  return why;
}

/** Whether a command runs (exit 0) with these arguments. */
export function runs(command: string, args: string[] = ['--version']): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** Whether every command is on the PATH. */
export function onPath(...commands: string[]): boolean {
  return commands.every((c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0);
}
