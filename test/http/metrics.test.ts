// GET /metrics: the Prometheus text format, read back with a Prometheus text
// parser; request counts by route and status, latency histograms, rate-limit
// refusals; never rate limited itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { getJson, startTestServer } from './harness.js';
import { waitFor } from '../wait.js';

const q = encodeURIComponent;

async function scrapeText(base: string): Promise<string> {
  const r = await fetch(`${base}/metrics`);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return r.text();
}

/** The families by name; the whole text must parse. */
async function scrape(base: string): Promise<Map<string, ParsedFamily>> {
  const families = parsePrometheusTextFormat(await scrapeText(base));
  return new Map(families.map((f) => [f.name, f]));
}

function sample(f: ParsedFamily | undefined, labels: Record<string, string>): number | undefined {
  const m = f?.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
  return m?.value === undefined ? undefined : Number(m.value);
}

test('/metrics counts requests by method, route template and status, with latency histograms', async (t) => {
  const s = await startTestServer(t);
  for (const w of ['घर', 'घर']) await getJson(`${s.base}/api/v1/dictionary/word?q=${q(w)}`);
  await getJson(`${s.base}/api/v1/dictionary/word/${q('घर')}`);
  await getJson(`${s.base}/no/such/path/${'x'.repeat(50)}`);
  await fetch(`${s.base}/up`, { method: 'BREW' }).catch(() => undefined);
  // The event-loop monitor (20 ms resolution) has samples once a scrape shows a delay.
  const loopDelay = (m: Map<string, ParsedFamily>) =>
    m.get('nls_eventloop_delay_seconds')?.metrics.some((x) => x.labels?.quantile === '0.99' && Number(x.value) > 0);
  let m = await scrape(s.base);
  if (!loopDelay(m))
    m = await waitFor(
      'the event-loop monitor to have samples',
      async () => {
        const next = await scrape(s.base);
        return loopDelay(next) ? next : null;
      },
      { everyMs: 25 },
    );
  const requests = m.get('nls_http_requests_total');
  assert.equal(requests?.type, 'COUNTER');
  assert.equal(sample(requests, { method: 'GET', route: '/api/v1/dictionary/word', status: '200' }), 2);
  assert.equal(sample(requests, { method: 'GET', route: '/api/v1/dictionary/word/{word}', status: '200' }), 1, 'the template, not the word');
  // An unknown path is one series, whatever the path: clients cannot grow the label values.
  assert.equal(sample(requests, { route: 'unmatched', status: '404' }), 1);
  assert.ok(!JSON.stringify(requests).includes('xxxxx'), 'no path a client made up is a label');
  assert.equal(m.get('nls_http_request_duration_seconds')?.type, 'HISTOGRAM');
  // (The parser folds a histogram's labelled series together: its lines are read as they are.)
  const text = await scrapeText(s.base);
  assert.match(text, /^nls_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/dictionary\/word"\} 2$/m);
  assert.match(text, /^nls_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/dictionary\/word"\} 2$/m);
  const sum = /^nls_http_request_duration_seconds_sum\{method="GET",route="\/api\/v1\/dictionary\/word"\} (\S+)$/m.exec(text);
  assert.ok(sum && Number(sum[1]) > 0 && Number(sum[1]) < 10);
  // The process's own figures and the health-derived ones are there too.
  assert.ok(sample(m.get('nls_process_cpu_seconds_total'), { mode: 'user' })! > 0);
  assert.ok(m.get('nls_eventloop_delay_seconds')?.metrics.some((x) => x.labels?.quantile === '0.99' && Number(x.value) > 0));
  assert.ok(sample(m.get('nls_process_start_time_seconds'), {})! > 1.7e9);
  assert.equal(sample(m.get('nls_degraded'), {}), 0);
  assert.ok(m.has('nls_spell_cache_hits_total'));
});

test('/metrics counts rate-limit refusals and is never refused itself', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 1, rateLimitPerDay: 1000 });
  const url = `${s.base}/api/v1/dictionary/suggest?q=${q('घ')}`;
  assert.equal((await getJson(url)).status, 200);
  assert.equal((await getJson(url)).status, 429);
  assert.equal((await getJson(url)).status, 429);
  for (let i = 0; i < 3; i++) await scrape(s.base);
  const m = await scrape(s.base);
  assert.equal(sample(m.get('nls_rate_limit_refusals_total'), {}), 2);
  assert.equal(sample(m.get('nls_http_requests_total'), { route: '/api/v1/dictionary/suggest', status: '429' }), 2);
  // The three scrapes before this one, none refused (a scrape is counted as it ends, after its own text).
  assert.equal(sample(m.get('nls_http_requests_total'), { route: '/metrics', status: '200' }), 3);
});
