// The fingerprint of the service's own compiled code: an xxh64 over every
// module under dist/src (paths and bytes, in path order; the engine's
// codeFingerprint over the whole tree), read once. Cached answers are tagged
// with it beside the data build's id (http/caching.ts): new code on an old
// data build (`npm start` after an edit, a data archive unpacked under a newer
// release) may answer the same question otherwise, so it must not be answered
// 304 with a tag the old code gave.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeFingerprint } from '../engine/spell/fingerprint.js';

/** The compiled service (dist/src): this module is dist/src/dispatch/code-version.js. */
const SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

let cached: string | null = null;

/** 16 hex digits; the same for the same compiled code. */
export function codeVersion(): string {
  cached ??= codeFingerprint([''], SOURCE_DIR);
  return cached;
}
