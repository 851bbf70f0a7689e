// Shared pieces of the benchmarks: start the built service as a child
// process, run autocannon rounds, read resident memory, find eval data.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { LAUNCH_FLAGS } from '../src/config.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** ../shared/eval beside the repository; benchmarks read it and skip cleanly when it is absent. */
export const EVAL_DIR = process.env.EVAL_DIR ?? resolve(ROOT, '../shared/eval');

export function evalFile(rel: string): string | null {
  const p = join(EVAL_DIR, rel);
  return existsSync(p) ? p : null;
}

export function readEval(rel: string): string | null {
  const p = evalFile(rel);
  return p ? readFileSync(p, 'utf8') : null;
}

/** This process's own collector, once a bench asks for it (collectOwnGarbage). */
let gc: (() => void) | null = null;

/**
 * Collects this process's garbage now, between timed requests: a bench
 * that times one request at a time with fetch otherwise counts its own
 * major collections (4-8 ms and their marking steps, about every 80 warm
 * near-limit requests) as the service's time. The collector is exposed at
 * run time, so every way of starting a bench has it, and only a bench
 * that calls this changes its flags.
 */
export function collectOwnGarbage(): void {
  if (gc === null) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

export interface RunningService {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

/**
 * Starts <root>/dist/src/main.js (this checkout's by default) on a free port
 * with rate limits off; resolves when it listens. `onLine` hears every later
 * line of its stdout (the access log, with LOG_REQUESTS=true).
 */
export function startService(env: Record<string, string> = {}, root: string = ROOT, onLine?: (line: string) => void): Promise<RunningService> {
  return new Promise((resolvePromise, reject) => {
    // As every launch of the service does.
    const child = spawn(process.execPath, [...LAUNCH_FLAGS, join(root, 'dist/src/main.js')], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_DAY: '0', LOG_REQUESTS: 'false', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buf = '';
    const onData = (chunk: Buffer): void => {
      buf += chunk.toString();
      for (const line of buf.split('\n')) {
        if (!line.includes('"listening"')) continue;
        try {
          const msg = JSON.parse(line) as { url: string };
          child.stdout!.off('data', onData);
          if (onLine) {
            let rest = '';
            child.stdout!.on('data', (c: Buffer) => {
              const lines = (rest + c.toString()).split('\n');
              rest = lines.pop()!;
              for (const l of lines) onLine(l);
            });
          } else child.stdout!.resume();
          resolvePromise({
            url: msg.url,
            pid: child.pid!,
            child,
            stop: () =>
              new Promise((r) => {
                if (child.exitCode !== null) return r(child.exitCode);
                child.once('exit', (code) => r(code));
                child.kill('SIGTERM');
              }),
          });
          return;
        } catch {
          /* partial line */
        }
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code} before listening`)));
    setTimeout(() => reject(new Error('service did not start within 60 s')), 60_000).unref();
  });
}

/** Resident memory of a process split as /proc reports it, MiB: anonymous (heaps, caches) and file-backed (the mapped store). */
export function memoryOf(pid: number): { anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string): number => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { anon: kb('RssAnon'), file: kb('RssFile') };
}

/** CPU ms each thread of a process has used (utime + stime, Linux ticks of 10 ms), by thread id; the main thread's id is the pid. */
export function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** Resident memory of the whole process (all threads), in MiB, from /proc. */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Several requests to cycle through (a mixed workload). */
  requests?: { method: 'GET' | 'POST'; path: string; body?: string }[];
  /**
   * Bodies the service has not seen, each sent once, one at a time, after
   * the scenario's own one-at-a-time measure: the latency of a batch client
   * whose every text is new (the per-word caches warm only on the words
   * texts share, as in production).
   */
  freshBodies?: string[];
}

export interface RoundResult {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function runRound(url: string, s: Scenario, seconds: number, connections: number): Promise<RoundResult> {
  const headers = { 'content-type': 'application/json' };
  const requests = s.requests?.map((r) => ({ method: r.method, path: r.path, body: r.body, headers }));
  const r = await autocannon({
    url: url + (s.requests ? '' : s.path),
    method: s.method ?? 'GET',
    body: s.body,
    headers,
    connections,
    duration: seconds,
    requests,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function machine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The near-limit spellcheck text: the eval file when present, else 1,000 words generated from the dictionary. */
export async function nearLimitText(): Promise<{ text: string; source: string }> {
  const t = readEval('text/near_limit_misspelled.txt');
  if (t) return { text: t.trim(), source: 'eval/text/near_limit_misspelled.txt' };
  const { LmdbStore } = await import('../src/store/lmdb-store.js');
  const { resolveDataDir } = await import('../src/store/data-dir.js');
  const store = new LmdbStore(resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data')), null);
  const words: string[] = [];
  for (const p of 'कखगचजतदनपबमरलसहअआइउएओ') words.push(...store.completions(p));
  store.close();
  const out: string[] = [];
  for (let i = 0; out.length < 1000; i++) out.push(words[(i * 7) % words.length]!);
  return { text: out.join(' '), source: 'generated: 1,000 dictionary headwords' };
}

/**
 * Up to `count` runs of `words` words of the eval's FLoRes sentences and of
 * its frequent corpus words, taken in turn; none is the near-limit text.
 * Every run of both when `count` is Infinity.
 */
export function evalDevanagariRuns(count: number, words: number): { texts: string[]; used: Map<string, number> } {
  const sources = ['text/flores_dev.ne.txt', 'text/corpus_frequent_words.txt']
    .map((rel) => ({ rel, words: (readEval(rel) ?? '').split(/\s+/).filter(Boolean) }))
    .filter((x) => x.words.length >= words);
  const texts: string[] = [];
  const used = new Map<string, number>();
  for (let i = 0; texts.length < count && sources.length > 0; i++) {
    const src = sources[i % sources.length]!;
    const k = used.get(src.rel) ?? 0;
    if ((k + 1) * words > src.words.length) {
      sources.splice(i % sources.length, 1);
      continue;
    }
    used.set(src.rel, k + 1);
    texts.push(src.words.slice(k * words, (k + 1) * words).join(' '));
  }
  return { texts, used };
}

/**
 * `count` different texts of `words` words each, none the near-limit text:
 * consecutive runs of the eval's FLoRes sentences and of its frequent
 * corpus words, taken in turn (half of each when both are long enough);
 * without them, runs of dictionary headwords (completions of every
 * consonant with every vowel sign), which later texts partly repeat.
 */
export async function freshDevanagariTexts(count: number, words: number): Promise<{ texts: string[]; source: string }> {
  const { texts, used } = evalDevanagariRuns(count, words);
  if (texts.length === count) return { texts, source: [...used].map(([rel, n]) => `${n} from eval/${rel}`).join(', ') };
  const { LmdbStore } = await import('../src/store/lmdb-store.js');
  const { resolveDataDir } = await import('../src/store/data-dir.js');
  const store = new LmdbStore(resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data')), null);
  const pool: string[] = [];
  for (const c of 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह') for (const v of ['', 'ा', 'ि', 'ी', 'ु', 'ू', 'े', 'ै', 'ो', 'ौ']) pool.push(...store.completions(c + v));
  store.close();
  const generated: string[] = [];
  for (let i = 0; i < count; i++) {
    const out: string[] = [];
    for (let j = 0; j < words; j++) out.push(pool[(i * words + j) % pool.length]!);
    generated.push(out.join(' '));
  }
  return { texts: generated, source: `generated: runs of ${pool.length} dictionary headwords (later texts repeat earlier words)` };
}

/** `n` texts of `words` words drawn from `pool` (real words) in an order given by `seed`: texts no other seed repeats. */
export function wordShuffles(pool: string[], n: number, seed: number, words = 1000): string[] {
  let s = seed >>> 0 || 1;
  const rnd = (k: number): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % k;
  return Array.from({ length: n }, () => Array.from({ length: words }, () => pool[rnd(pool.length)]!).join(' '));
}

/** `count` different romanized texts of `tokens` words each, from the eval sentences after the first `skip` words (romanText's); null without them. */
export function freshRomanTexts(count: number, tokens: number, skip: number): string[] | null {
  const all = evalRomanWords();
  if (!all) return null;
  const words = all.slice(skip);
  const texts: string[] = [];
  for (let i = 0; i < count && (i + 1) * tokens <= words.length; i++) texts.push(words.slice(i * tokens, (i + 1) * tokens).join(' '));
  return texts;
}

/** The words of the eval's romanized sentences, in order; null without them. */
function evalRomanWords(): string[] | null {
  const tsv = readEval('romanization/sentence_pairs.tsv');
  if (!tsv) return null;
  return tsv
    .split('\n')
    .slice(1)
    .flatMap((line) => (line.split('\t')[0] ?? '').split(/\s+/).filter(Boolean));
}

/** A romanized text of `tokens` words: eval sentences when present, else a phrase written here, repeated. */
export function romanText(tokens: number): { text: string; source: string } {
  const all = evalRomanWords();
  const words = all ? all.slice(0, tokens) : [];
  const source = all ? 'eval/romanization/sentence_pairs.tsv' : 'generated';
  const phrase = 'mero naam ram ho ma nepal ma baschu tapai kasto hunuhuncha aaja mausam ramro cha'.split(' ');
  while (words.length < tokens) words.push(phrase[words.length % phrase.length]!);
  return { text: words.slice(0, tokens).join(' '), source };
}

/**
 * One keep-alive socket that sends GET requests one at a time and resolves
 * each with its milliseconds to the last byte of the body (Content-Length
 * answers only): a client with no HTTP library in the way, for latencies
 * of a fraction of a millisecond, where fetch's own time and collections
 * would be most of what is measured.
 */
export async function rawGetter(url: string): Promise<{ get(path: string): Promise<number>; close(): void }> {
  const u = new URL(url);
  const sock = connect(Number(u.port), u.hostname);
  sock.setNoDelay(true);
  await new Promise<void>((resolvePromise, reject) => {
    sock.once('connect', resolvePromise);
    sock.once('error', reject);
  });
  let pending: { t: number; head: Buffer; need: number; got: number; done: (ms: number) => void; fail: (e: Error) => void } | null = null;
  sock.on('data', (chunk: Buffer) => {
    const p = pending;
    if (!p) return;
    if (p.need < 0) {
      p.head = Buffer.concat([p.head, chunk]);
      const end = p.head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = p.head.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 200')) return p.fail(new Error(head.split('\r\n')[0]));
      const m = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!m) return p.fail(new Error('no Content-Length'));
      p.need = Number(m[1]);
      p.got = p.head.length - end - 4;
    } else p.got += chunk.length;
    if (p.got >= p.need) {
      pending = null;
      p.done(performance.now() - p.t);
    }
  });
  sock.on('error', (e) => pending?.fail(e));
  return {
    get(path) {
      return new Promise((done, fail) => {
        pending = { t: performance.now(), head: Buffer.alloc(0), need: -1, got: 0, done, fail };
        sock.write(`GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
      });
    },
    close() {
      sock.destroy();
    },
  };
}

/**
 * Prints, for each ratio, how many of `tokens` a rule flagging a token whose
 * twin is that many times more frequent would flag, with the first `show`
 * examples of each (`twinOf`: the token's twin and the ratio, or null when
 * the rule never flags it).
 */
export function printFlaggedByRatio(
  label: string,
  tokens: string[],
  ratios: number[],
  show: number,
  twinOf: (w: string) => { ratio: number; twin: string } | null,
): void {
  const counts = ratios.map(() => 0);
  const examples = ratios.map(() => new Map<string, string>());
  for (const w of tokens) {
    const t = twinOf(w);
    if (!t) continue;
    ratios.forEach((R, i) => {
      if (t.ratio >= R) {
        counts[i]!++;
        examples[i]!.set(w, t.twin);
      }
    });
  }
  console.log(
    `${label}, ${tokens.length} tokens: ` + ratios.map((R, i) => `>= ${R}: ${counts[i]} (${((100 * counts[i]!) / tokens.length).toFixed(2)}%)`).join(', '),
  );
  ratios.forEach((R, i) =>
    console.log(
      `  >= ${R}: ` +
        [...examples[i]!]
          .slice(0, show)
          .map(([a, b]) => `${a} -> ${b}`)
          .join(', '),
    ),
  );
}

/** One request the LanguageTool benches send: its path, body and Content-Type. */
export interface CheckEndpoint {
  name: string;
  path: string;
  body: string;
  type: string;
}

/** POST /api/v1/spellcheck/text and POST /v2/check of the same text (a form body, as the editors' clients send it). */
export function checkEndpoints(text: string): [CheckEndpoint, CheckEndpoint] {
  return [
    { name: 'spellcheck/text', path: '/api/v1/spellcheck/text', body: JSON.stringify({ text }), type: 'application/json' },
    {
      name: '/v2/check',
      path: '/v2/check',
      body: new URLSearchParams({ language: 'ne-NP', text }).toString(),
      type: 'application/x-www-form-urlencoded',
    },
  ];
}
