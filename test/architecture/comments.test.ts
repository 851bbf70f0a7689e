// Comments say why, in the present: a measurement behind a constant is cited
// by an anchor of bench/RESULTS.md (the results journal), and that anchor
// must exist, so a rewritten journal cannot leave the code pointing nowhere.
// The history itself (which issue or session changed what) stays in the
// journal and in git, never in src/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

/** The RESULTS.md anchors a text cites (`bench/RESULTS.md#anchor`, or `RESULTS.md#anchor` from inside bench/). */
export function citedAnchors(text: string): string[] {
  return [...text.matchAll(/RESULTS\.md#([\p{L}\p{M}\p{N}_-]+)/gu)].map((m) => m[1]!);
}

test('anchors: headings, repeated headings and <a id> elements', () => {
  const anchors = markdownAnchors(
    '# Results\n## Inline vs pool\n<a id="cache-budget"></a>\nThe same build...\n## Cost\n### Cost\n```\n## not a heading\n```\n',
  );
  assert.deepEqual([...anchors].sort(), ['cache-budget', 'cost', 'cost-1', 'inline-vs-pool', 'results']);
  assert.equal(headingSlug("Measurements behind the engines' constants"), 'measurements-behind-the-engines-constants');
  assert.deepEqual(citedAnchors('see bench/RESULTS.md#overload and RESULTS.md#inline-vs-pool.'), ['overload', 'inline-vs-pool']);
});

test('every RESULTS.md anchor cited in src, test, bench, docs and the README exists', () => {
  const anchors = markdownAnchors(readFileSync(RESULTS, 'utf8'));
  const files = [
    ...filesUnder(join(ROOT, 'src'), /\.ts$/),
    ...filesUnder(join(ROOT, 'bench'), /\.(ts|md)$/),
    ...filesUnder(join(ROOT, 'docs'), /\.md$/),
    join(ROOT, 'README.md'),
  ];
  const missing: string[] = [];
  let cited = 0;
  for (const file of files) {
    for (const anchor of citedAnchors(readFileSync(file, 'utf8'))) {
      cited++;
      if (!anchors.has(anchor)) missing.push(`${relative(ROOT, file)}: RESULTS.md#${anchor}`);
    }
  }
  assert.ok(cited > 0, 'src cites the results journal somewhere: the check has something to check');
  assert.deepEqual(missing, [], `cited anchors that bench/RESULTS.md does not have:\n${missing.join('\n')}`);
});

test('src/ cites the results journal by anchor and keeps no development history in its comments', () => {
  const problems: string[] = [];
  for (const file of filesUnder(join(ROOT, 'src'), /\.ts$/)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${relative(ROOT, file)}:${i + 1}`;
        if (/RESULTS\.md(?!#)/.test(line)) problems.push(`${where}: RESULTS.md cited without an anchor`);
        const comment = /(\/\/|\/\*|^\s*\*)(.*)$/.exec(line);
        if (comment && /\b(issue|session) \d+/i.test(comment[2]!)) problems.push(`${where}: ${comment[2]!.trim()}`);
      });
  }
  assert.deepEqual(problems, []);
});
