// Debian's LibreOffice (libreoffice-writer-nogui, python3-uno) drives its own
// LanguageTool checker over UNO against the running service on the real
// data: a headless soffice on a throwaway profile whose registry sets the base
// URL (test/integration/libreoffice/lo_check.py). The checker asks
// /v2/languages and must offer ne-NP, then posts the paragraph to /v2/check
// the way LibreOffice 7.4 does (unencoded) and must get the misspelled words
// back at their UTF-16 positions with their corrections, in the typo colour.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPath, requirePart, runs } from '../parts.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DRIVER = join(ROOT, 'test', 'integration', 'libreoffice', 'lo_check.py');
/** Debian's own Python, which python3-uno serves (a python3 earlier on the PATH may be another one). */
const PYTHON = '/usr/bin/python3';

const SKIP =
  requirePart(
    'libreoffice-writer-nogui and python3-uno',
    onPath('soffice') && runs(PYTHON, ['-c', 'import uno']),
    'apt-get install libreoffice-writer-nogui python3-uno; .ci/run installs them',
  ) || SKIP_WITHOUT_DATA;

/** LibreOffice's COL_LIGHTRED, the colour its checker gives category TYPOS. */
const TYPO_RED = 0xff0000;

interface LoAnswer {
  locales: string[];
  hasLocale: boolean;
  errors: { start: number; length: number; type: number; shortComment: string; fullComment: string; suggestions: string[]; lineColor: number }[];
}

function runDriver(base: string, profile: string, text: string): Promise<LoAnswer> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(PYTHON, [DRIVER, base, profile, text], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`lo_check.py exited ${code}: ${out}${err}`));
      else resolveRun(JSON.parse(out) as LoAnswer);
    });
  });
}

let service: TestService;
let profile: string;
before(async () => {
  if (SKIP) return;
  service = await startTestService();
  profile = await mkdtemp(join(tmpdir(), 'nls-lo-profile-'));
});
after(async () => {
  await service?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

test("LibreOffice's LanguageTool checker offers ne-NP and underlines misspelled Nepali with its correction", { skip: SKIP }, async () => {
  const text = '😀 हामी पानि खान्छौँ। यो छेत्र राम्रो छ।';
  const r = await runDriver(`${service.base}/v2`, profile, text);
  assert.deepEqual(r.locales, ['ne-NP']);
  assert.equal(r.hasLocale, true);
  assert.deepEqual(
    r.errors.map((e) => [text.slice(e.start, e.start + e.length), e.suggestions[0], e.lineColor]),
    [
      ['पानि', 'पानी', TYPO_RED],
      ['छेत्र', 'क्षेत्र', TYPO_RED],
    ],
  );
  // LibreOffice 7.4 reads `message` into the short comment and `shortMessage` into the full one.
  assert.ok(r.errors.every((e) => e.shortComment.length > 0 && e.fullComment.length > 0));
});
