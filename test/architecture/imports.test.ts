// The direction of dependencies, checked on the sources: http -> dispatch ->
// worker -> engine -> store, build beside them (it may use engine and store;
// nothing in the service imports it), and inside the engine lang at the
// bottom, spell and roman above it, roman above spell, never the reverse.
// A new folder under src/ fails here until it is given its place.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SRC = join(ROOT, 'src');

/**
 * What each part of src/ may import (besides itself and npm packages).
 * A part is the first folder under src/, or under src/engine/ the second
 * (engine/lang, engine/spell...); files directly in src/engine/ are the part
 * "engine". Parts not listed here are not allowed at all.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'main.ts': ['*'],
  'config.ts': [],
  http: ['dispatch', 'schemas', 'config.ts'],
  schemas: ['engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store'],
  dispatch: ['worker', 'engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store', 'config.ts'],
  worker: ['engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store'],
  engine: ['engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store'],
  'engine/lang': ['store'],
  'engine/spell': ['engine/lang', 'store'],
  'engine/roman': ['engine/lang', 'engine/spell', 'store'],
  'engine/lookup': ['engine/lang', 'store'],
  store: [],
  build: ['engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store'],
  // The browser playground (src/playground, compiled apart by tsconfig.playground.json) talks to the service over its WebSocket only;
  // it takes the wire's types from the schemas, type-only (checked below: its scripts load no module from outside src/playground).
  playground: ['schemas'],
};

/** The part of src/ a path (relative to src/) belongs to. */
function partOf(rel: string): string {
  const segs = rel.split('/');
  if (segs.length === 1) return segs[0]!;
  if (segs[0] === 'engine' && segs.length > 2) return `engine/${segs[1]}`;
  return segs[0]!;
}

interface ImportEdge {
  from: string;
  to: string;
}

/** The edges that run against ALLOWED, as "from -> to" lines. */
function violations(edges: readonly ImportEdge[], allowed = ALLOWED): string[] {
  const out: string[] = [];
  for (const { from, to } of edges) {
    const a = partOf(from);
    const b = partOf(to);
    if (a === b) continue;
    const rule = allowed[a];
    if (rule === undefined) {
      out.push(`${from}: src/${a} has no place in the layering (test/architecture/imports.test.ts)`);
      continue;
    }
    if (rule.includes('*') || rule.includes(b)) continue;
    out.push(`${from} -> ${to} (${a} may not import ${b})`);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

// import ... from '...', export ... from '...', import('...'), import '...'
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** Every relative import of every file under src/, as paths relative to src/ with .ts. */
function importEdges(src = SRC): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      edges.push({ from: relative(src, file), to: relative(src, target) });
    }
  }
  return edges;
}

test('every import in src/ follows http -> dispatch -> worker -> engine -> store', () => {
  const edges = importEdges();
  assert.ok(edges.length > 100, `only ${edges.length} imports found under ${SRC}: is the path right?`);
  assert.deepEqual(violations(edges), []);
});

test('the layering check catches imports that run against the direction', () => {
  const bad: ImportEdge[] = [
    { from: 'http/routes.ts', to: 'engine/roman/romanizer.ts' },
    { from: 'worker/tasks.ts', to: 'dispatch/services.ts' },
    { from: 'store/memory-store.ts', to: 'build/records.ts' },
    { from: 'engine/spell/spellchecker.ts', to: 'engine/roman/romanizer.ts' },
    { from: 'engine/lang/letters.ts', to: 'engine/spell/morphology.ts' },
    { from: 'newpart/x.ts', to: 'store/types.ts' },
  ];
  assert.equal(violations(bad).length, bad.length);
  const good: ImportEdge[] = [
    { from: 'http/routes.ts', to: 'dispatch/services.ts' },
    { from: 'engine/roman/romanizer.ts', to: 'engine/spell/spellchecker.ts' },
    { from: 'engine/spell/morphology.ts', to: 'engine/lang/letters.ts' },
    { from: 'engine/roman/stages.ts', to: 'engine/roman/keys.ts' },
    { from: 'main.ts', to: 'http/server.ts' },
  ];
  assert.deepEqual(violations(good), []);
});

/** Imports of the text that reach outside its folder (../) and are not type-only: each would be a module the browser loads. */
function valueImportsFromOutside(text: string): number {
  const outside = [...text.matchAll(SPECIFIER)].filter((m) => m[1]!.startsWith('../')).length;
  const typeOnly = [...text.matchAll(/^\s*(?:import|export)\s+type\b[^'";]*?\bfrom\s*['"]\.\.\//gm)].length;
  return outside - typeOnly;
}

test('the playground imports only types from outside src/playground (the browser loads no other module)', () => {
  const bad = sourceFiles(join(SRC, 'playground')).filter((file) => valueImportsFromOutside(readFileSync(file, 'utf8')) > 0);
  assert.deepEqual(bad.map((f) => relative(SRC, f)), []);
  assert.equal(valueImportsFromOutside("import type { A } from '../schemas/a.js';\nimport { B } from './b.js';"), 0);
  assert.equal(valueImportsFromOutside("import { A } from '../schemas/a.js';"), 1);
  assert.equal(valueImportsFromOutside("import { type A } from '../schemas/a.js';"), 1);
  assert.equal(valueImportsFromOutside("import '../schemas/a.js';"), 1);
});
