import assert from 'node:assert/strict';
import { test } from 'node:test';
import { approxBytes, BudgetCache, CachePlan, ENTRY_OVERHEAD, stringBytes } from '../../../src/engine/lang/budget-cache.js';

test('a BudgetCache keeps its estimated bytes within the budget', () => {
  const c = new BudgetCache<string>(10_000, (v) => stringBytes(v));
  for (let i = 0; i < 1000; i++) c.remember(`k${i}`, 'x'.repeat(50));
  assert.ok(c.bytes <= 10_000, String(c.bytes));
  assert.ok(c.size > 10 && c.size < 100, String(c.size));
  const each = ENTRY_OVERHEAD + stringBytes('k999') + stringBytes('x'.repeat(50));
  assert.ok(Math.abs(c.bytes - c.size * each) <= c.size * 8, 'bytes are the sum of the entries');
  assert.equal(c.get('k999'), 'x'.repeat(50), 'the newest entry is kept');
  assert.equal(c.get('k0'), undefined, 'the oldest is gone');
});

test('second chance: an entry used since it was stored outlives entries that were not', () => {
  const c = new BudgetCache<number>(20 * (ENTRY_OVERHEAD + stringBytes('k00')));
  for (let i = 0; i < 20; i++) c.remember(`k${String(i).padStart(2, '0')}`, i);
  c.get('k00');
  c.get('k01');
  for (let i = 20; i < 30; i++) c.remember(`k${i}`, i);
  assert.equal(c.get('k00'), 0);
  assert.equal(c.get('k01'), 1);
  assert.equal(c.get('k02'), undefined);
});

test('replacing a key does not count it twice; an entry larger than the budget is not kept; budget 0 keeps nothing', () => {
  const c = new BudgetCache<string>(1000, (v) => stringBytes(v));
  c.remember('a', 'short');
  const once = c.bytes;
  c.remember('a', 'short');
  assert.equal(c.bytes, once);
  assert.equal(c.remember('big', 'y'.repeat(2000)), 'y'.repeat(2000), 'the value is still returned');
  assert.equal(c.has('big'), false);
  const off = new BudgetCache<number>(0);
  off.remember('a', 1);
  assert.equal(off.size, 0);
  assert.throws(() => new BudgetCache(-1), /budget/);
});

test('stringBytes counts Devanagari two bytes a character, Latin one; approxBytes walks plain values', () => {
  assert.equal(stringBytes('abcdefgh'), 16 + 8);
  assert.equal(stringBytes('घरघर'), 16 + 8);
  assert.ok(stringBytes('घ'.repeat(100)) > stringBytes('g'.repeat(100)));
  assert.ok(approxBytes({ a: 'घर', b: [1, 2, 'xyz'] }) > approxBytes({ a: 'घर' }));
  assert.equal(approxBytes(true), 0);
});

test('a CachePlan shares one budget among named caches and reports each', () => {
  const plan = new CachePlan(1_000_000);
  const a = plan.cache<string>('a', 0.25);
  plan.cache<string>('b', 0.5);
  assert.equal(a.budget, 250_000);
  assert.equal(plan.sharesTotal, 0.75);
  a.remember('x', 'y');
  assert.deepEqual(plan.figures().a, { entries: 1, bytes: a.bytes, budget: 250_000 });
  assert.throws(() => plan.cache('a', 0.1), /made twice/);
  assert.throws(() => plan.cache('c', 0), /share/);
  assert.throws(() => new CachePlan(-5), /budget/);
});

test("a CachePlan's caches borrow what the others leave unused, and give it back when another needs it", () => {
  const each = ENTRY_OVERHEAD + stringBytes('a000') + stringBytes('x'.repeat(50));
  const plan = new CachePlan(100 * each);
  const a = plan.cache<string>('a', 0.5, (v) => stringBytes(v));
  const b = plan.cache<string>('b', 0.5, (v) => stringBytes(v));
  const key = (c: string, i: number): string => c + String(i).padStart(3, '0');
  for (let i = 0; i < 90; i++) a.remember(key('a', i), 'x'.repeat(50));
  assert.equal(a.size, 90, 'a holds more than its share while b is empty');
  for (let i = 0; i < 50; i++) b.remember(key('b', i), 'x'.repeat(50));
  assert.equal(b.size, 50, 'b gets its whole share back from a');
  assert.ok(a.size <= 50 && a.size >= 45, String(a.size));
  assert.equal(a.get('a089'), 'x'.repeat(50), "the borrower's newest entry is kept");
  assert.equal(a.get('a000'), undefined, "the borrower's oldest is gone");
  const kept = a.size;
  for (let i = 50; i < 200; i++) b.remember(key('b', i), 'x'.repeat(50));
  assert.equal(a.size, kept, 'a within its share keeps it');
  assert.ok(a.bytes + b.bytes <= plan.totalBytes, `${a.bytes} + ${b.bytes}`);
  assert.equal(b.get('b199'), 'x'.repeat(50));
});
