// The fingerprint of the engine code: an xxh64 of the compiled modules of
// src/engine/, read next to this module (dist/src/engine/*.js). The build
// stores it beside the spellcheck verdicts it computes
// (StoreMeta.verdicts.engine); a thread uses the verdicts only when its own
// engine has the same fingerprint, so a store built by other engine code
// (an older build, `npm start` after a code change without `make data`) is
// answered by the engine itself, never by stale verdicts.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import xxhash from 'xxhash-wasm';

const { h64Raw } = await xxhash();

const ENGINE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'engine');

let cached: string | null = null;

/** Hex xxh64 over the engine modules' names and bytes, in name order (read once per thread). */
export function engineFingerprint(dir: string = ENGINE_DIR): string {
  if (dir === ENGINE_DIR && cached !== null) return cached;
  const parts: Buffer[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) {
    parts.push(Buffer.from(name + '\0'), readFileSync(join(dir, name)));
  }
  const hex = h64Raw(new Uint8Array(Buffer.concat(parts))).toString(16).padStart(16, '0');
  if (dir === ENGINE_DIR) cached = hex;
  return hex;
}
