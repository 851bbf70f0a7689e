import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Admission, type Refusal, type Ticket } from '../../src/dispatch/admission.js';

/** An Admission on a clock the test moves. */
function make(opts: { slots: number; maxQueued: number; maxWaitMs: number; initialJobMs?: number }) {
  let now = 0;
  const a = new Admission({ ...opts, now: () => now });
  return { a, tick: (ms: number) => (now += ms) };
}

function isTicket(x: unknown): x is Ticket {
  return typeof x === 'object' && x !== null && 'slot' in x;
}

test('options are validated at construction', () => {
  assert.throws(() => new Admission({ slots: 0, maxQueued: 1, maxWaitMs: 1 }), /options.slots must be a positive integer/);
  assert.throws(() => new Admission({ slots: 1, maxQueued: -1, maxWaitMs: 1 }), /options.maxQueued/);
  assert.throws(() => new Admission({ slots: 1, maxQueued: 1, maxWaitMs: 0 }), /options.maxWaitMs/);
});

test('free slots are given at once, each a different slot; the next job waits, then starts when one is released', async () => {
  const { a } = make({ slots: 2, maxQueued: 10, maxWaitMs: 1000, initialJobMs: 1 });
  const t1 = a.acquire();
  const t2 = a.acquire();
  assert.ok(isTicket(t1) && isTicket(t2));
  assert.notEqual(t1.slot, t2.slot);
  const p3 = a.acquire();
  assert.ok(p3 instanceof Promise);
  assert.equal(a.queued, 1);
  a.release(t1);
  const t3 = await p3;
  assert.ok(isTicket(t3));
  assert.equal(t3.slot, t1.slot);
  assert.equal(a.running, 2);
  assert.equal(a.queued, 0);
});

test('a full queue refuses at once with SERVICE_UNAVAILABLE and a retry time', () => {
  const { a } = make({ slots: 1, maxQueued: 2, maxWaitMs: 60_000, initialJobMs: 1 });
  a.acquire();
  const waiting = [a.acquire(), a.acquire()];
  assert.ok(waiting.every((w) => w instanceof Promise));
  const r = a.acquire() as Refusal;
  assert.equal(r.ok, false);
  assert.equal(r.code, 'SERVICE_UNAVAILABLE');
  assert.ok(r.code === 'SERVICE_UNAVAILABLE' && r.retryAfterSeconds >= 1);
  assert.equal(a.counters().refusedOnArrival, 1);
  assert.ok(a.refusedWithin(1000));
});

test('a job that can expect to wait longer than maxWaitMs is refused on arrival', () => {
  // 100 ms jobs on one slot: the third waiter would wait 300 ms > 250 ms.
  const { a } = make({ slots: 1, maxQueued: 100, maxWaitMs: 250, initialJobMs: 100 });
  a.acquire();
  assert.ok(a.acquire() instanceof Promise);
  assert.ok(a.acquire() instanceof Promise);
  const r = a.acquire() as Refusal;
  assert.equal(r.code, 'SERVICE_UNAVAILABLE');
});

test('the job-time estimate follows measured jobs', () => {
  const { a, tick } = make({ slots: 1, maxQueued: 100, maxWaitMs: 900, initialJobMs: 1 });
  for (let i = 0; i < 50; i++) {
    const t = a.acquire() as Ticket;
    tick(200);
    a.release(t);
  }
  assert.ok(a.counters().jobMs > 150, String(a.counters().jobMs));
  // About 200 ms jobs on one slot: the fourth waiter can expect 4 x 200 = 800 ms, the fifth 1,000 ms > 900.
  a.acquire();
  const results = Array.from({ length: 6 }, () => a.acquire());
  assert.equal(results.filter((r) => r instanceof Promise).length, 4);
});

test('a queued job whose client aborts leaves the queue and never runs', async () => {
  const { a } = make({ slots: 1, maxQueued: 10, maxWaitMs: 10_000 });
  const t1 = a.acquire() as Ticket;
  const ac = new AbortController();
  const p = a.acquire(ac.signal) as Promise<Ticket | Refusal>;
  const p3 = a.acquire() as Promise<Ticket | Refusal>;
  assert.equal(a.queued, 2);
  ac.abort();
  const r = await p;
  assert.ok(!isTicket(r) && r.code === 'CANCELLED');
  assert.equal(a.queued, 1);
  a.release(t1);
  assert.ok(isTicket(await p3), 'the job behind the cancelled one gets the slot');
  assert.equal(a.counters().cancelledWhileQueued, 1);
  const already = new AbortController();
  already.abort();
  const r2 = a.acquire(already.signal);
  assert.ok(!isTicket(r2) && !(r2 instanceof Promise) && r2.code === 'CANCELLED');
});

test('a job that waited longer than maxWaitMs is refused when its turn comes, not run', async () => {
  const { a, tick } = make({ slots: 1, maxQueued: 10, maxWaitMs: 100, initialJobMs: 1 });
  const t1 = a.acquire() as Ticket;
  const p = a.acquire() as Promise<Ticket | Refusal>;
  tick(500);
  a.release(t1);
  const r = await p;
  assert.ok(!isTicket(r) && r.code === 'SERVICE_UNAVAILABLE');
  assert.equal(a.counters().refusedAfterWait, 1);
  assert.equal(a.running, 0, 'the slot stays free');
});

test('waiters are refused by the sweep while no slot frees', async () => {
  // Real clock: the sweep runs on an unref'd timer, so the test keeps the loop alive as a server would.
  const a = new Admission({ slots: 1, maxQueued: 10, maxWaitMs: 30 });
  const keepAlive = setTimeout(() => {}, 5_000);
  const t1 = a.acquire() as Ticket;
  const p = a.acquire() as Promise<Ticket | Refusal>;
  const r = await p;
  clearTimeout(keepAlive);
  assert.ok(!isTicket(r) && r.code === 'SERVICE_UNAVAILABLE');
  a.release(t1);
});

test('drain refuses every waiting job', async () => {
  const { a } = make({ slots: 1, maxQueued: 10, maxWaitMs: 10_000 });
  a.acquire();
  const ps = [a.acquire(), a.acquire()] as Promise<Ticket | Refusal>[];
  a.drain('stopping');
  for (const r of await Promise.all(ps)) assert.ok(!isTicket(r) && r.code === 'SERVICE_UNAVAILABLE' && r.message === 'stopping');
  assert.equal(a.queued, 0);
});

test('a job with fewer than two jobs per thread ahead of it is never refused for its wait, however slow the jobs', () => {
  // Slots 8 on threads 2: four handed to each thread at once.
  const b = new Admission({ slots: 8, threads: 2, maxQueued: 100, maxWaitMs: 500, initialJobMs: 1000, now: () => 0 });
  const got = Array.from({ length: 6 }, () => b.acquire());
  assert.deepEqual(
    got.map((x) => (isTicket(x) ? 'run' : 'refused')),
    ['run', 'run', 'run', 'run', 'run', 'refused'],
  );
  assert.deepEqual(
    got.slice(0, 5).map((x) => (x as Ticket).ahead),
    [0, 1, 2, 3, 4],
    'each knows how many were handed over before it (the pool gives a deadline from patience on)',
  );
  assert.equal(b.patience, 4);
});

test('refuseNow: the refusal a job arriving now would get, counted; null while a job would be admitted or queued', async () => {
  const { a } = make({ slots: 2, maxQueued: 3, maxWaitMs: 100, initialJobMs: 1 });
  assert.equal(a.refuseNow(), null, 'free slots');
  const t1 = a.acquire();
  const t2 = a.acquire();
  assert.ok(isTicket(t1) && isTicket(t2));
  const waiting = [a.acquire(), a.acquire(), a.acquire()];
  assert.equal(a.queued, 3);
  const r = a.refuseNow();
  assert.ok(r !== null && r.code === 'SERVICE_UNAVAILABLE', 'the queue is full');
  assert.ok('retryAfterSeconds' in r && r.retryAfterSeconds >= 1);
  assert.equal(a.counters().refusedOnArrival, 1);
  assert.ok(a.refusedWithin(1000));
  // acquire() refuses in the same state: refuseNow says what it would do.
  const refused = a.acquire();
  assert.ok(!(refused instanceof Promise) && !isTicket(refused) && refused.code === 'SERVICE_UNAVAILABLE');
  a.release(t1, 1);
  a.release(t2, 1);
  assert.equal(a.queued, 1);
  assert.equal(a.refuseNow(), null, 'room again');
  assert.equal(a.counters().refusedOnArrival, 2);
  for (const w of waiting) {
    const ticket = await w;
    assert.ok(isTicket(ticket));
    a.release(ticket, 1);
  }
});

test("clients are served in turn: a burst from one waits behind itself, another client's job goes next", async () => {
  const { a } = make({ slots: 1, maxQueued: 100, maxWaitMs: 60_000, initialJobMs: 1 });
  const order: string[] = [];
  const queue = (client: string, name: string) => (a.acquire(undefined, false, client) as Promise<Ticket>).then((t) => (order.push(name), t));
  let running = a.acquire(undefined, false, 'burst') as Ticket;
  const all = [queue('burst', 'b1'), queue('burst', 'b2'), queue('burst', 'b3'), queue('other', 'o1'), queue('burst', 'b4'), queue('other', 'o2')];
  // Each released slot admits the next job in turn; wait for it before releasing again.
  for (let i = 0; i < all.length; i++) {
    a.release(running);
    const before = order.length;
    while (order.length === before) await settleMicrotasks();
    running = await all[['b1', 'b2', 'b3', 'o1', 'b4', 'o2'].indexOf(order.at(-1)!)]!;
  }
  assert.deepEqual(order, ['b1', 'o1', 'b2', 'o2', 'b3', 'b4']);
});

test('the expected wait of a newcomer counts one job of each other client, not their whole bursts', () => {
  const { a } = make({ slots: 2, maxQueued: 1000, maxWaitMs: 100, initialJobMs: 10 });
  a.acquire(undefined, false, 'burst');
  a.acquire(undefined, false, 'burst');
  // 50 jobs of 10 ms queued by one client: 250 ms for the next of its own.
  for (let i = 0; i < 50; i++) assert.ok(a.acquire(undefined, false, 'burst') instanceof Promise || i >= 4);
  assert.ok(a.expectedWaitMs('burst') > 100);
  // Another client waits for the running ones and one of the burst's.
  assert.ok(a.expectedWaitMs('quiet') <= 20, `${a.expectedWaitMs('quiet')} ms`);
  assert.ok(a.acquire(undefined, false, 'quiet') instanceof Promise, 'the other client is queued, not refused');
});

test('one client holds at most maxQueuedPerClient waiting jobs; another client still gets in', () => {
  const { a } = make({ slots: 1, maxQueued: 8, maxWaitMs: 60_000, initialJobMs: 1 });
  a.acquire(undefined, false, 'greedy');
  // A quarter of the queue by default: 2.
  assert.ok(a.acquire(undefined, false, 'greedy') instanceof Promise);
  assert.ok(a.acquire(undefined, false, 'greedy') instanceof Promise);
  const refused = a.acquire(undefined, false, 'greedy') as Refusal;
  assert.equal(refused.code, 'SERVICE_UNAVAILABLE');
  assert.ok(a.acquire(undefined, false, 'polite') instanceof Promise);
  assert.throws(() => new Admission({ slots: 1, maxQueued: 8, maxWaitMs: 1, maxQueuedPerClient: 0 }), /options.maxQueuedPerClient/);
});

const settleMicrotasks = () => new Promise<void>((r) => setImmediate(r));
