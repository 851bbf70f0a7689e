// The direction of dependencies, checked on the sources: http -> dispatch ->
// worker -> engine -> store, build beside them (it may use engine and store;
// nothing in the service imports it), and inside the engine lang at the
// bottom, spell and roman above it, roman above spell, never the reverse.
// codec (content codings) sits below http, dispatch and worker; languagetool
// (LanguageTool's answers, made on the thread that checks the text, with the
// schemas' rule sentences) below them too, above the engine. A new folder
// under src/ fails here until it is given its place. Also: no import cycle
// between files, type-only imports included, and nothing outside the engine
// re-exports the engine's code (a part depends on what it imports, not on
// what another part passes through).

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
  http: ['dispatch', 'schemas', 'config.ts', 'codec', 'languagetool'],
  schemas: ['engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store'],
  dispatch: ['worker', 'engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store', 'config.ts', 'codec', 'languagetool'],
  worker: ['engine', 'engine/lang', 'engine/spell', 'engine/roman', 'engine/lookup', 'store', 'codec', 'languagetool'],
  codec: [],
  languagetool: ['engine', 'engine/lang', 'engine/spell', 'schemas'],
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
  // The generators of docs/ (configuration.md, api-reference.md) read the schemas the service checks; nothing imports them.
  docs: ['config.ts', 'http'],
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
  /** An `export ... from` (a re-export), not an import. */
  reexport?: boolean;
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
      edges.push({
        from: relative(src, file),
        to: relative(src, target),
        reexport: /^\s*export\b/.test(m[0]) || /\bexport\s[^;]*$/.test(text.slice(text.lastIndexOf(';', m.index) + 1, m.index)),
      });
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

/** The import cycles among files (strongly connected components of more than one file, or a file importing itself), each sorted. */
function cycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) {
    (graph.get(from) ?? graph.set(from, []).get(from)!).push(to);
    if (!graph.has(to)) graph.set(to, []);
  }
  // Tarjan's algorithm.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** Re-exports from the engine by a module outside it. */
function engineReexports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => e.reexport && partOf(e.to).startsWith('engine') && !partOf(e.from).startsWith('engine'))
    .map((e) => `${e.from} re-exports ${e.to}`);
}

test('no import cycle among the files of src/, type-only imports included', () => {
  assert.deepEqual(cycles(importEdges()), []);
});

test('the cycle check finds a cycle of two files and of three, and none in a chain', () => {
  const found = cycles([
    { from: 'http/a.ts', to: 'http/b.ts' },
    { from: 'http/b.ts', to: 'http/a.ts' },
    { from: 'dispatch/x.ts', to: 'dispatch/y.ts' },
    { from: 'dispatch/y.ts', to: 'dispatch/z.ts' },
    { from: 'dispatch/z.ts', to: 'dispatch/x.ts' },
    { from: 'store/p.ts', to: 'store/q.ts' },
  ]);
  assert.deepEqual(found, [
    ['http/a.ts', 'http/b.ts'],
    ['dispatch/x.ts', 'dispatch/y.ts', 'dispatch/z.ts'],
  ]);
});

test('nothing outside the engine re-exports the engine (the layering holds in fact, not only on paper)', () => {
  assert.deepEqual(engineReexports(importEdges()), []);
  assert.deepEqual(engineReexports([{ from: 'dispatch/services.ts', to: 'engine/lang/text.ts', reexport: true }]), [
    'dispatch/services.ts re-exports engine/lang/text.ts',
  ]);
});

/** Imports of the text that reach outside its folder (../) and are not type-only: each would be a module the browser loads. */
function valueImportsFromOutside(text: string): number {
  const outside = [...text.matchAll(SPECIFIER)].filter((m) => m[1]!.startsWith('../')).length;
  const typeOnly = [...text.matchAll(/^\s*(?:import|export)\s+type\b[^'";]*?\bfrom\s*['"]\.\.\//gm)].length;
  return outside - typeOnly;
}

test('the playground imports only types from outside src/playground (the browser loads no other module)', () => {
  const bad = sourceFiles(join(SRC, 'playground')).filter((file) => valueImportsFromOutside(readFileSync(file, 'utf8')) > 0);
  assert.deepEqual(
    bad.map((f) => relative(SRC, f)),
    [],
  );
  assert.equal(valueImportsFromOutside("import type { A } from '../schemas/a.js';\nimport { B } from './b.js';"), 0);
  assert.equal(valueImportsFromOutside("import { A } from '../schemas/a.js';"), 1);
  assert.equal(valueImportsFromOutside("import { type A } from '../schemas/a.js';"), 1);
  assert.equal(valueImportsFromOutside("import '../schemas/a.js';"), 1);
});
