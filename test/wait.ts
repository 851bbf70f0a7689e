// Waiting for a condition instead of for a number of milliseconds: a test
// polls what it can observe (a close event, a metric, a state) until it
// holds. The deadline is only there to fail a test that hangs; it is far
// longer than any machine of the kind needs, so a slow or busy machine
// passes the same as a fast one.

import { setTimeout as sleep } from 'node:timers/promises';

/** How long a condition may take before the test is called hung. */
export const HUNG_MS = 60_000;

/**
 * Resolves with the first truthy value of `probe`, polled every `everyMs`;
 * rejects naming `what` (and the last value seen) after `timeoutMs`.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, { timeoutMs = HUNG_MS, everyMs = 10 } = {}): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() > end) throw new Error(`still waiting after ${timeoutMs} ms for ${what} (last seen: ${JSON.stringify(last)})`);
    await sleep(everyMs);
  }
}

/**
 * Lets every callback already queued run (promise jobs, timers due now, I/O
 * callbacks and setImmediate): for asserting that nothing more happens in
 * code that runs in this process alone.
 */
export async function settle(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
}
