import { startService } from './dist/bench/lib.js';
import { readFileSync } from 'node:fs';
const svc = await startService({ WORKERS: '2' });
const words = readFileSync('/work/shared/eval/romanization/sentence_pairs.tsv','utf8').split('\n').slice(1).flatMap(l => (l.split('\t')[0]??'').split(/\s+/).filter(Boolean));
let s = 1; const rnd = n => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n);
const anon = () => Number(/RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${svc.pid}/status`,'utf8'))[1])/1024;
const health = async () => { const h = await (await fetch(svc.url + '/api/v1/health')).json(); const m = h.memory; const cachesMib = Object.values(m.caches).reduce((a,c)=>a+c.mib,0); return `anon ${anon().toFixed(0)} heapUsed ${m.heap_mib} cachesEst ${cachesMib.toFixed(1)} analyses ${m.caches['roman.analyses'].entries}/${m.caches['roman.analyses'].mib}`; };
for (let round = 0; round < 4; round++) {
  await Promise.all(Array.from({length: 4}, async () => { for (let i = 0; i < 100; i++) { const text = Array.from({length: 300}, () => words[rnd(words.length)]).join(' '); const r = await fetch(svc.url + '/api/v1/romanization/resolve', {method:'POST', headers:{'content-type':'application/json'}, body: JSON.stringify({text})}); await r.arrayBuffer(); } }));
  console.log((round+1)*400, await health());
}
await svc.stop();
