// A thread of the shared-strings test: writes and reads keys whose value is
// a function of the key (of varying length), and counts the values it read
// that are not that function of their key. (node --test also loads it as a
// file under test/, on the main thread: it does nothing there.)

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SharedStrings } from '../../../src/engine/lang/shared-strings.js';

if (!isMainThread) {
  const { buffer, seed, rounds } = workerData as { buffer: SharedArrayBuffer; seed: number; rounds: number };
  const table = new SharedStrings(buffer);
  const valueOf = (k: number): string => `${k}:`.padEnd(3 + (k % 23), String.fromCharCode(0x915 + (k % 30)));
  let s = seed;
  let hits = 0;
  let wrong = 0;
  for (let i = 0; i < rounds; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const k = s % 3000;
    if (s & 0x10000) table.set(`word${k}`, valueOf(k));
    else {
      const got = table.get(`word${k}`);
      if (got !== undefined) {
        hits++;
        if (got !== valueOf(k)) wrong++;
      }
    }
  }
  parentPort!.postMessage({ hits, wrong });
}
