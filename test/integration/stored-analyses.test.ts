// A store whose romanization analyses another engine computed: the service
// says so in its health and answers as it would with its own (on the real data).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { restampedServices } from './restamped-build.js';

test('romanization analyses from other engine code: health degraded, answers unchanged', { skip: SKIP_WITHOUT_DATA, timeout: 90_000 }, async (t) => {
  // A copy of the real build whose metadata says another engine computed its analyses.
  const { stale, health, good } = await restampedServices(t, (meta) => {
    assert.ok(meta.analyses && meta.analyses.keys > 0);
    return { ...meta, analyses: { ...meta.analyses, engine: '0000000000000000' } };
  });
  assert.equal(health.status, 'degraded');
  assert.deepEqual(
    health.issues.filter((i) => /analyses/.test(i)),
    ["the store's romanization analyses were computed by other engine code (run `make data`): every new word is analysed in full, answers unchanged"],
  );
  // usual spellings (stored analyses), others (analysed in full), the text-level rules, a word alone (guesses)
  const ask = async (base: string, body: unknown): Promise<string> =>
    (
      await fetch(`${base}/api/v1/romanization/resolve`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    ).text();
  for (const body of [
    { text: 'mero ghar kathmandu ma chha. maile kaam gare. timi kahile aaunchhau? hamro sambidhan ramro chha, office ma report pathau.', max_candidates: 10 },
    { text: 'nepalko rastriya bikas yojana ra sarkarko niti' },
    { tokens: ['shretha'] },
    { tokens: ['ghar', 'ma'] },
  ]) {
    assert.equal(await ask(stale.base, body), await ask(good.base, body), JSON.stringify(body));
  }
});
