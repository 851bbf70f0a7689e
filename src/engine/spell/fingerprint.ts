// The fingerprint of the code that computes a spellcheck verdict: an xxh64
// of the compiled modules of engine/lang and engine/spell, every .js file
// under them (read next to this module: dist/src/engine/{lang,spell}/),
// with its path. The build stores it beside the spellcheck verdicts it
// computes (StoreMeta.verdicts.engine); a thread uses the verdicts only when
// its own fingerprint is the same, so a store built by other spellchecking
// code (an older build, `npm start` after a code change without `make
// data`) is answered by the spellchecker itself, never by stale verdicts.
//
// Exactly that code, and no more: the spellchecker imports nothing from
// roman/ or lookup/ (test/architecture/imports.test.ts), so an edit there
// cannot change a verdict and keeps the stored ones usable.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import xxhash from 'xxhash-wasm';

const { h64Raw } = await xxhash();

/** The compiled engine folder this module lives in (dist/src/engine). */
const ENGINE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The parts of the engine whose code computes a verdict. */
export const VERDICT_CODE: readonly string[] = ['lang', 'spell'];

/** Hex xxh64 over the verdict code's modules (paths and bytes, in path order) under `engineDir`; read once per thread for the real one. */
export function verdictFingerprint(engineDir: string = ENGINE_DIR): string {
  return codeFingerprint(VERDICT_CODE, engineDir);
}

const cached = new Map<string, string>();

/**
 * Hex xxh64 over the modules of the given parts of the engine (folders
 * under `engineDir`, recursively: paths and bytes, in path order); read
 * once per thread for the real engine. Also the fingerprint of the stored
 * romanization analyses (engine/roman/fingerprint.ts).
 */
export function codeFingerprint(parts: readonly string[], engineDir: string = ENGINE_DIR): string {
  const id = parts.join('+');
  if (engineDir === ENGINE_DIR && cached.has(id)) return cached.get(id)!;
  const files = parts
    .flatMap((part) => modulesUnder(join(engineDir, part)))
    .map((path) => relative(engineDir, path).split('\\').join('/'))
    .sort();
  const bytes: Buffer[] = [];
  for (const rel of files) bytes.push(Buffer.from(rel + '\0'), readFileSync(join(engineDir, rel)));
  const hex = h64Raw(new Uint8Array(Buffer.concat(bytes)))
    .toString(16)
    .padStart(16, '0');
  if (engineDir === ENGINE_DIR) cached.set(id, hex);
  return hex;
}

function modulesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...modulesUnder(p));
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}
