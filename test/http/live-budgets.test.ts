// The live channel's per-client budgets (token buckets on a clock the test
// moves, the cap on messages in flight, forgetting idle full budgets) and the
// process-wide bound on unsent output (on fake sockets).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientBudget, ClientBudgets, type BudgetLimits } from '../../src/http/live-budgets.js';
import { OutputBound } from '../../src/http/live-output.js';

const LIMITS: BudgetLimits = { messagesPerSecond: 2, burst: 3, charactersPerMinute: 600, messagesPerDay: 0, maxPending: 2 };

test('messages: a burst, then the rate; characters a minute; the shortfall says which and for how long', () => {
  const b = new ClientBudget('k', LIMITS, 0);
  for (let i = 0; i < 3; i++) assert.equal(b.spend(10, 0), null);
  assert.deepEqual(b.spend(10, 0), { budget: 'messages', retryAfterSeconds: 1 });
  // Half a second at 2 a second: one more.
  assert.equal(b.spend(10, 500), null);
  assert.equal(b.spend(10, 500)?.budget, 'messages');
  // 600 characters a minute, full again by now: 700 are 100 short, 10 seconds of refill.
  assert.deepEqual(b.spend(700, 10_000), { budget: 'characters', retryAfterSeconds: 10 });
});

test('messages a day: refilled evenly over the day', () => {
  const b = new ClientBudget('k', { ...LIMITS, burst: 100, messagesPerSecond: 100, messagesPerDay: 4 }, 0);
  for (let i = 0; i < 4; i++) assert.equal(b.spend(1, 0), null);
  assert.deepEqual(b.spend(1, 0), { budget: 'day', retryAfterSeconds: 21_600 });
  assert.equal(b.spend(1, 21_600_000), null);
});

test('at most maxPending in flight; the rest wait, and those of a closed connection are skipped', () => {
  const b = new ClientBudget('k', LIMITS, 0);
  const ran: string[] = [];
  let gone = false;
  b.admit(
    () => ran.push('a'),
    () => false,
  );
  b.admit(
    () => ran.push('b'),
    () => false,
  );
  b.admit(
    () => ran.push('c'),
    () => gone,
  );
  b.admit(
    () => ran.push('d'),
    () => false,
  );
  assert.deepEqual(ran, ['a', 'b']);
  gone = true;
  b.finished();
  assert.deepEqual(ran, ['a', 'b', 'd']);
  assert.equal(b.pending, 2);
});

test("a client's connections share one budget; it outlives them until full again, then is forgotten", () => {
  let now = 0;
  const budgets = new ClientBudgets(() => now);
  const a = budgets.open('client', LIMITS);
  const b = budgets.open('client', LIMITS);
  assert.equal(a, b);
  for (let i = 0; i < 3; i++) assert.equal(a.spend(1, now), null);
  budgets.close(a);
  budgets.close(b);
  budgets.purge();
  assert.equal(budgets.size, 1, 'kept while its buckets are not full');
  // Reopened at once: no fresh burst.
  assert.equal(budgets.open('client', LIMITS).spend(1, now)?.budget, 'messages');
  budgets.close(a);
  now = 60_000;
  budgets.purge();
  assert.equal(budgets.size, 0);
});

test('beyond the number kept, the longest idle budgets are forgotten first; budgets in use never', () => {
  const budgets = new ClientBudgets(() => 0, 2);
  const used = budgets.open('in-use', LIMITS);
  used.spend(1, 0);
  const idle = budgets.open('idle', LIMITS);
  idle.spend(1, 0);
  budgets.close(idle);
  budgets.open('new', LIMITS).spend(1, 0);
  assert.equal(budgets.size, 2);
  assert.equal(budgets.open('in-use', LIMITS), used);
});

test('the unsent output of all sockets is bounded: over it, the largest holders are dropped first', () => {
  const buffered = new Map<string, number>();
  const dropped: string[] = [];
  const bound = new OutputBound<string>(
    1000,
    (s) => buffered.get(s) ?? 0,
    (s) => {
      dropped.push(s);
      buffered.delete(s);
    },
  );
  buffered.set('small', 100);
  bound.sent('small', 100);
  buffered.set('big', 700);
  bound.sent('big', 700);
  buffered.set('medium', 300);
  // An eighth of the bound sent since the last reading: read at once. 1,100 > 1,000: the largest goes.
  bound.sent('medium', 300);
  assert.deepEqual(dropped, ['big']);
  assert.equal(bound.unsentBytes, 400);
  // A socket that drained is forgotten; nothing watched, nothing counted.
  buffered.set('small', 0);
  bound.drained('small');
  bound.forget('medium');
  bound.check();
  assert.equal(bound.unsentBytes, 0);
});
