// Whether this build answers /v2/check exactly as another does: the same
// requests sent to both (each build's service running), the answers compared
// byte for byte, status, Content-Type and Content-Encoding included. For a
// change meant to make the answer cheaper and leave it as it is.
//
//   node dist/bench/languagetool-identical.js --baseline DIR
//
// DIR is another checkout built on this data. The requests: the near-limit
// text (1,000 words) as `text` and as `data` with markup, with the levels,
// rule switches and mode=textLevelOnly; short texts (answered on the main
// thread); a text over one request's limits (checked in pieces); texts never
// sent before; quotes, backslashes, tabs, CR LF, an emoji, a lone surrogate
// and a control character in the text and in `data`; bodies as LibreOffice
// sends them (raw UTF-8, a stray %, a malformed %XX, bytes that are not
// UTF-8, an unencoded &), a name given twice, a pair without =; a 400 and a
// 413. Each by POST and (when the URL stays under 60,000 bytes) GET, asked
// uncompressed, br and gzip. The `software` block's build date (when the
// build's code was written) differs between checkouts: it is made equal
// before comparing, the compressed answers decompressed for it.

import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT, freshDevanagariTexts, nearLimitText, startService } from './lib.js';

const { values: args } = parseArgs({ options: { baseline: { type: 'string' } } });
if (!args.baseline) throw new Error('--baseline DIR is required: the checkout whose answers are compared');

const near = (await nearLimitText()).text;
const fresh = (await freshDevanagariTexts(2, 300)).texts;
const form = (p: Record<string, string>): string => new URLSearchParams(p).toString();
const marked = JSON.stringify({
  annotation: [
    { text: near.slice(0, 1500) },
    { markup: '<b>' },
    { text: near.slice(1500, 3000) },
    { markup: '</b>' },
    { markup: '<p>', interpretAs: '\n\n' },
    { text: near.slice(3000) },
  ],
});
const escapes = ' "घरु" \\ पानि\tछेत्र\r\nघरु 😀 पानि \ud800 घरु\u0001 ';
const cases: [string, string][] = [
  ['near-limit text', form({ text: near, language: 'ne-NP' })],
  ['picky', form({ text: near, language: 'ne', level: 'picky' })],
  ['standard rule off', form({ text: near, language: 'ne', disabledRules: 'NEPALI_STANDARD_SPELLER_RULE' })],
  ['data with markup', form({ data: marked, language: 'ne-NP' })],
  ['short', form({ text: 'म घरु जान्छु। पानि', language: 'ne' })],
  ['short data', form({ data: JSON.stringify({ annotation: [{ text: 'म ' }, { markup: '<i>' }, { text: 'घरु' }, { markup: '</i>' }] }), language: 'auto' })],
  ['in pieces', form({ text: `${near}\n\n${near}`, language: 'ne-NP' })],
  ['textLevelOnly', form({ text: near, language: 'ne', mode: 'textLevelOnly' })],
  ['white space only', form({ text: '   ', language: 'ne' })],
  ['new text', form({ text: fresh[0]!, language: 'ne' })],
  ['new text, one rule', form({ text: fresh[1]!, language: 'ne', enabledOnly: 'true', enabledRules: 'NEPALI_SPELLER_RULE' })],
  ['unknown language', form({ text: 'x', language: 'en' })],
  ['escapes', form({ text: near.slice(0, 600) + escapes + near.slice(600, 1500), language: 'ne', level: 'picky' })],
  [
    'escapes in data',
    form({
      data: JSON.stringify({
        annotation: [
          { text: 'म "घरु" \\ ' },
          { markup: '<a href="x">', interpretAs: '' },
          { text: 'पानि\tछेत्र\n\nघरु 😀' },
          { markup: '</a>' },
          { text: near.slice(0, 900) },
        ],
      }),
      language: 'ne',
    }),
  ],
  ['raw UTF-8, stray and malformed %', `language=ne&text=${near.slice(0, 2000)} 50% more %zz %4 %E0%A4 %FF%FE + a+b`],
  ['raw UTF-8, + for spaces', `language=ne-NP&level=picky&text=${near.replace(/ /g, '+')}%`],
  [
    'mixed, a name twice',
    `language=ne&text=${encodeURIComponent(near.slice(0, 1200))}${near.slice(1200, 2500)}%E0%A4%95%E0%A4&novalue&text=${encodeURIComponent(near.slice(0, 3000))}&x=%`,
  ],
  ['unencoded &', `language=ne&text=${near.slice(0, 800)} & ${near.slice(800, 1600)}`],
  ['no text', `language=ne&tex=${encodeURIComponent(near.slice(0, 500))}`],
  ['too long', form({ text: `${near} `.repeat(3).slice(0, 20_001), language: 'ne' })],
];

interface Answer {
  key: string;
  status: number;
  type: string;
  encoding: string;
  body: Buffer;
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (d: Buffer) => chunks.push(d));
      r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer's bytes as the client reads them, the build date made equal. */
function comparable(encoding: string, body: Buffer): Buffer {
  const plain = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return Buffer.from(plain.toString('latin1').replace(/"buildDate":"[^"]*"/, '"buildDate":""'), 'latin1');
}

async function answers(root: string): Promise<Answer[]> {
  const svc = await startService({ WORKERS: '2' }, root);
  const out: Answer[] = [];
  try {
    for (const [name, body] of cases) {
      for (const coding of ['identity', 'br', 'gzip']) {
        for (const method of ['POST', 'GET']) {
          if (method === 'GET' && body.length > 60_000) continue;
          const r =
            method === 'POST'
              ? await send(`${svc.url}/v2/check`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': coding }, body)
              : await send(`${svc.url}/v2/check?${body}`, 'GET', { 'accept-encoding': coding });
          const encoding = String(r.headers['content-encoding'] ?? '');
          out.push({
            key: `${name}, ${method}, ${coding}`,
            status: r.status,
            type: String(r.headers['content-type']),
            encoding,
            body: comparable(encoding, r.body),
          });
        }
      }
    }
  } finally {
    await svc.stop();
  }
  return out;
}

const mine = await answers(ROOT);
const theirs = await answers(args.baseline);
let differ = 0;
mine.forEach((a, i) => {
  const b = theirs[i]!;
  if (a.status === b.status && a.type === b.type && a.encoding === b.encoding && a.body.equals(b.body)) return;
  differ++;
  console.log(`differs: ${a.key}: ${a.status} ${a.encoding} ${a.body.length} B against ${b.status} ${b.encoding} ${b.body.length} B`);
});
const statuses = [...new Set(mine.map((a) => a.status))].join(', ');
console.log(`${mine.length - differ} of ${mine.length} answers identical to ${args.baseline}'s (statuses ${statuses})`);
if (differ > 0) process.exitCode = 1;
