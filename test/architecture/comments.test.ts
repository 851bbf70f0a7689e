// Comments say why, in the present: a measurement behind a constant is cited
// by an anchor of bench/RESULTS.md (today's figures) or of a day's file of
// bench/journal/ (the append-only record of each measurement), and every
// anchor cited in src/, bench/, docs/ and the README must exist, so a moved
// section cannot leave code or docs pointing nowhere. The history itself
// (which issue or session changed what) stays in the journal and in git,
// never in src/ comments nor in bench/RESULTS.md.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const RESULTS = join(ROOT, 'bench', 'RESULTS.md');

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, ext));
    else if (ext.test(name)) out.push(p);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters, marks, digits, _ and - kept), spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown document offers: its headings' slugs (a repeated one gets -1, -2, ... as GitHub does) and its `<a id="...">` elements. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+id="([^"]+)"\s*>/g)) anchors.add(m[1]!);
  }
  return anchors;
}

/** A Markdown file of bench/ cited with an anchor: `bench/RESULTS.md#overload`, `../bench/journal/2026-11-26.md#bounded-heaps`. */
export interface Citation {
  path: string;
  anchor: string;
}

/** Every `<path>.md#anchor` a text cites (the path as written, relative to whatever the citing file resolves it against). */
export function citations(text: string): Citation[] {
  return [...text.matchAll(/([\w.\-/]*\.md)#([\p{L}\p{M}\p{N}_-]+)/gu)].map((m) => ({ path: m[1]!, anchor: m[2]! }));
}

/**
 * The file a citation names, relative to the repository root: a Markdown file's links resolve against its own folder
 * (`../bench/RESULTS.md` from docs/, `journal/2026-11-28.md` from bench/), a comment's paths against the root.
 */
export function citedFile(citingFile: string, path: string): string {
  return citingFile.endsWith('.md') ? normalize(join(dirname(citingFile), path)) : normalize(path);
}

/** Lines of a text that read as a development log: a session or issue number, or a "before:" figure. */
export function historyLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\]\([^)]*\)/g, ']'))
    .filter((line) => /\b(session|issue)s? \d+/i.test(line) || /\bbefore:/i.test(line));
}

test('anchors: headings, repeated headings and <a id> elements', () => {
  const anchors = markdownAnchors(
    '# Results\n## Inline vs pool\n<a id="cache-budget"></a>\nThe same build...\n## Cost\n### Cost\n```\n## not a heading\n```\n',
  );
  assert.deepEqual([...anchors].sort(), ['cache-budget', 'cost', 'cost-1', 'inline-vs-pool', 'results']);
  assert.equal(headingSlug("Measurements behind the engines' constants"), 'measurements-behind-the-engines-constants');
});

test('citations: each <path>.md#anchor, resolved against a Markdown file’s folder or the root', () => {
  assert.deepEqual(citations('see bench/RESULTS.md#overload and [x](../bench/journal/2026-11-26.md#bounded-heaps).'), [
    { path: 'bench/RESULTS.md', anchor: 'overload' },
    { path: '../bench/journal/2026-11-26.md', anchor: 'bounded-heaps' },
  ]);
  assert.equal(citedFile('docs/api.md', '../bench/RESULTS.md'), join('bench', 'RESULTS.md'));
  assert.equal(citedFile('bench/RESULTS.md', 'journal/2026-11-28.md'), join('bench', 'journal', '2026-11-28.md'));
  assert.equal(citedFile('bench/journal/2026-11-28.md', '../RESULTS.md'), join('bench', 'RESULTS.md'));
  assert.equal(citedFile('src/config.ts', 'bench/RESULTS.md'), join('bench', 'RESULTS.md'));
  assert.equal(citedFile('docs/testing.md', 'bench/RESULTS.md'), join('docs', 'bench', 'RESULTS.md'));
});

test('history lines: session and issue numbers and "before:" figures, not link targets', () => {
  assert.deepEqual(
    historyLines('| a | session 14: 21.5 ms |\n| b | 3 ms; before: 4 ms |\n[x](journal/2026-11-25.md#session-13-live-channel-issue-22)\n| c | Issue 24 |'),
    ['| a | session 14: 21.5 ms |', '| b | 3 ms; before: 4 ms |', '| c | Issue 24 |'],
  );
});

/** The files whose citations are checked: src/ and bench/ code and Markdown, docs/, the README. */
function citingFiles(): string[] {
  return [
    ...filesUnder(join(ROOT, 'src'), /\.(ts|md)$/),
    ...filesUnder(join(ROOT, 'bench'), /\.(ts|md)$/),
    ...filesUnder(join(ROOT, 'docs'), /\.md$/),
    join(ROOT, 'README.md'),
  ].map((file) => relative(ROOT, file));
}

test('every anchor cited of a Markdown file under bench/ (RESULTS.md, journal/*.md) exists', () => {
  const anchorsOf = new Map<string, Set<string> | null>();
  const missing: string[] = [];
  let cited = 0;
  for (const file of citingFiles()) {
    for (const { path, anchor } of citations(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = citedFile(file, path);
      const underBench = target.startsWith(`bench${sep}`);
      if (!underBench && !/(^|\/)(RESULTS|journal\/[^/]+)\.md$/.test(path)) continue;
      cited++;
      if (!anchorsOf.has(target)) anchorsOf.set(target, existsSync(join(ROOT, target)) ? markdownAnchors(readFileSync(join(ROOT, target), 'utf8')) : null);
      const anchors = anchorsOf.get(target);
      if (!anchors) missing.push(`${file}: ${path}#${anchor} (no file ${target})`);
      else if (!anchors.has(anchor)) missing.push(`${file}: ${path}#${anchor}`);
    }
  }
  assert.ok(cited > 0, 'something cites the results: the check has something to check');
  assert.deepEqual(missing, [], `cited anchors that do not exist:\n${missing.join('\n')}`);
});

test('src/ cites the results by anchor and keeps no development history in its comments', () => {
  const problems: string[] = [];
  for (const file of filesUnder(join(ROOT, 'src'), /\.ts$/)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${relative(ROOT, file)}:${i + 1}`;
        if (/bench\/(RESULTS|journal\/[^/\s]+)\.md(?!#)/.test(line)) problems.push(`${where}: the results cited without an anchor`);
        const comment = /(\/\/|\/\*|^\s*\*)(.*)$/.exec(line);
        if (comment && /\b(issue|session) \d+/i.test(comment[2]!)) problems.push(`${where}: ${comment[2]!.trim()}`);
      });
  }
  assert.deepEqual(problems, []);
});

test('bench/RESULTS.md holds current figures only: no history, and each benchmark a section with its command, date, figure, target and journal entry', () => {
  const results = readFileSync(RESULTS, 'utf8');
  assert.deepEqual(historyLines(results), [], 'a history in bench/RESULTS.md: it belongs in bench/journal/');
  const lines = results.split('\n');
  const problems: string[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('## ') && line !== '## Targets at a glance' && !/^<a id="[^"]+"><\/a>$/.test(lines[i - 1] ?? ''))
      problems.push(`${line}: no <a id> before it`);
  });
  const sections = results.split(/\n(?=<a id=")/).filter((part) => part.startsWith('<a id="'));
  assert.ok(sections.length > 10, 'the benchmarks have their sections');
  for (const section of sections) {
    const id = /^<a id="([^"]+)"><\/a>\n## /.exec(section)?.[1];
    if (!id) {
      problems.push(`a section without its anchor and heading: ${section.slice(0, 60)}`);
      continue;
    }
    for (const field of [
      /^- Commands?: /m,
      /^- Measured: .*\d{4}-\d{2}-\d{2}/m,
      /^- Figure/m,
      /^- Targets?: /m,
      /^- Journal: .*\]\(journal\/\d{4}-\d{2}-\d{2}\.md#/m,
    ]) {
      if (!field.test(section)) problems.push(`${id}: no line ${field.source}`);
    }
  }
  const table = /## Targets at a glance\n\n([\s\S]*?)\n\n/.exec(results)?.[1] ?? '';
  const anchors = markdownAnchors(results);
  const rows = table.split('\n').slice(2);
  assert.ok(rows.length > 10, 'the targets table has its rows');
  for (const row of rows) {
    const link = /\]\(#([^)]+)\)\s*\|$/.exec(row);
    if (!link || !anchors.has(link[1]!)) problems.push(`a target without its section: ${row.slice(0, 80)}`);
  }
  assert.deepEqual(problems, []);
});

test('bench/journal/ holds one append-only file a day, each saying so and where the current figures are', () => {
  const journal = join(ROOT, 'bench', 'journal');
  const problems: string[] = [];
  for (const name of readdirSync(journal)) {
    if (!/^\d{4}-\d{2}-\d{2}\.md$/.test(name)) problems.push(`${name}: not a day's file (YYYY-MM-DD.md)`);
    const text = readFileSync(join(journal, name), 'utf8');
    if (!text.startsWith(`# Benchmark journal, ${name.slice(0, 10)}\n\nThis file is append-only`) || !text.includes('](../RESULTS.md)'))
      problems.push(`${name}: does not open with the append-only note and the link to the current figures`);
  }
  assert.deepEqual(problems, []);
});
