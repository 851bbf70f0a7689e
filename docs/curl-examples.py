# Runs every curl command of docs/curl-examples.md against two running
# services and writes the markdown with their real output:
#   PORT=8199 RATE_LIMIT_PER_MINUTE=0 RATE_LIMIT_PER_DAY=0 node dist/src/main.js &
#   PORT=8198 RATE_LIMIT_PER_MINUTE=3 RATE_LIMIT_PER_DAY=1000 PARTNER_KEYS_FILE=partners.json node dist/src/main.js &
#   python3 docs/curl-examples.py http://127.0.0.1:8199 http://127.0.0.1:8198 docs/curl-examples.md
# (partners.json: {"keys": [{"name": "demo", "key": "contract-demo-partner-key-0001", "per_minute": null}]})
import subprocess, sys, os
B = sys.argv[1]
B_LIMITED = sys.argv[2]
out = []
def run(cmd, base):
    env = dict(os.environ, B=base)
    p = subprocess.run(['bash', '-c', cmd], capture_output=True, env=env)
    text = p.stdout.decode('utf-8').replace('\r\n', '\n').rstrip('\n')
    return text
def trim(text, limit):
    lines = []
    for line in text.split('\n'):
        if len(line) > limit:
            line = line[:limit] + ' …'
        lines.append(line)
    return '\n'.join(lines)
def ex(cmd, limit=600, base=None, note=None):
    res = run(cmd, base or B)
    out.append('```\n$ ' + cmd + '\n' + trim(res, limit) + '\n```\n')
def h(title, text=''):
    out.append(f'### {title}\n')
    if text: out.append(text + '\n')

out.append(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'curl-examples.head.md')).read())
h('GET /up', 'Uptime probe: `200 {"status":"ok"}`, or `503 {"status":"error"}` when the store cannot be read or the service is shutting down. Not rate limited.')
ex('curl -s $B/up')
ex('curl -si $B/up')
h('GET /api/v1/health', 'Every field of the health result. `status` is `healthy` or `degraded` (then with an `issues` array); the LRU counters are summed over all threads. Not rate limited.')
ex('curl -s $B/api/v1/health')
h('GET /api/v1/dictionary/word', 'The entry of a headword: definitions numbered in Devanagari numerals, synonyms joined with `"; "`, `split_definitions` one line per definition.')
ex("curl -sG $B/api/v1/dictionary/word --data-urlencode 'q=अर्थ'", 2000)
out.append('A sense whose part of speech differs from the entry\'s is marked in `split_definitions`:\n')
ex("curl -sG $B/api/v1/dictionary/word --data-urlencode 'q=अँगालो'", 2000)
out.append('`include_variants=true`: the entry and the headwords that differ from it only by a common confusion (ि/ी, ु/ू, ं/ँ, श/ष/स, ब/व, halanta):\n')
ex("curl -sG $B/api/v1/dictionary/word --data-urlencode 'q=दिन' -d include_variants=true", 2000)
out.append('`multi_dict=true`: one result per dictionary, the entry or null:\n')
ex("curl -sG $B/api/v1/dictionary/word --data-urlencode 'q=अँगालो' -d multi_dict=1", 700)
out.append('Booleans are `true`, `false`, `1` or `0`; anything else is refused, and `q` is required:\n')
ex("curl -sG $B/api/v1/dictionary/word --data-urlencode 'q=दिन' -d include_variants=yes")
ex("curl -s $B/api/v1/dictionary/word")
h('GET /api/v1/dictionary/word/{word}', 'The same bodies with the word in the path, percent-encoded UTF-8 (`अर्थ` is `%E0%A4%85%E0%A4%B0%E0%A5%8D%E0%A4%A5`).')
ex("curl -s $B/api/v1/dictionary/word/%E0%A4%85%E0%A4%B0%E0%A5%8D%E0%A4%A5", 300)
out.append('A word no dictionary has: `404 WORD_NOT_FOUND` naming the word, with up to 5 `similar_words`, best first:\n')
ex("curl -si $B/api/v1/dictionary/word/$(printf %s 'नेपालक' | jq -sRr @uri)", 2000)
h('GET /api/v1/dictionary/suggest', 'Autocomplete: at most `limit` headwords (default 10, 1..50), the exact match first.')
ex("curl -sG $B/api/v1/dictionary/suggest --data-urlencode 'q=नेपा'", 2000)
ex("curl -sG $B/api/v1/dictionary/suggest --data-urlencode 'q=घर' -d limit=3", 2000)
ex("curl -sG $B/api/v1/dictionary/suggest --data-urlencode 'q=घर' -d limit=51", 2000)
ex("curl -s $B/api/v1/dictionary/suggest", 2000)
h('GET /api/v1/dictionary/examples', 'Example sentences that use the word or one of its forms, each with its source (`limit` default 5, 1..20).')
ex("curl -sG $B/api/v1/dictionary/examples --data-urlencode 'q=घर' -d limit=3", 2000)
h('POST /api/v1/spellcheck/text', 'At most 10,000 characters and 1,000 words. Each distinct word once, with its `occurrences` (UTF-16 offsets, end exclusive).')
ex("""curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: application/json' -d '{"text":"हामी पानि खान्छौँ। ओबामा अमेरिकाका राष्ट्रपति थिए।"}'""", 2000)
out.append('All words correct: both arrays empty.\n')
ex("""curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: application/json' -d '{"text":"मेरो घर नेपालमा छ।"}'""")
out.append('Over the limits, and other body errors: `400` with `{"detail": ...}`.\n')
ex("""python3 -c 'import json; print(json.dumps({"text": "क" * 10001}))' | curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: application/json' --data-binary @-""")
ex("""python3 -c 'import json; print(json.dumps({"text": "घर " * 1001}))' | curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: application/json' --data-binary @-""")
ex("""curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: application/json' -d '{"text":'""")
ex("""curl -s -X POST $B/api/v1/spellcheck/text -H 'Content-Type: text/plain' -d '{"text":"घर"}'""")
h('GET /api/v1/spellcheck/word', '`correct` and `unknown` have `corrections: null`; `misspelled` has an array.')
ex("curl -sG $B/api/v1/spellcheck/word --data-urlencode 'word=पानी'")
ex("curl -sG $B/api/v1/spellcheck/word --data-urlencode 'word=पानि'")
ex("curl -sG $B/api/v1/spellcheck/word --data-urlencode 'word=ओबामा'")
h('POST /api/v1/romanization/resolve', 'Exactly one of `text` or `tokens`; `max_candidates` default 5, 1..10. Offsets are UTF-16, end exclusive; punctuation and whitespace are kept in `converted_text`.')
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"text":"mero ghar, qzxvw!","max_candidates":2}'""", 4000)
out.append('With `tokens`, `text`, `start` and `end` are null:\n')
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"tokens":["din"],"max_candidates":3}'""", 4000)
out.append('A name no dictionary has, backed by the news word list; a loanword typed the English way, alone (converted) and in running text (kept):\n')
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"tokens":["nyaupane"],"max_candidates":2}'""", 4000)
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"tokens":["report"],"max_candidates":1}'""", 4000)
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"text":"mero report kaha cha","max_candidates":1}' | jq -c '{converted_text}'""", 4000)
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{}'""")
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"text":"mero","tokens":["mero"]}'""")
ex("""curl -s -X POST $B/api/v1/romanization/resolve -H 'Content-Type: application/json' -d '{"text":"mero","max_candidates":11}'""")
h('GET /api/v1/openapi.json', 'The OpenAPI 3.1 document of every endpoint (trimmed here to its paths with `jq`).')
ex("curl -s $B/api/v1/openapi.json | jq -c '{openapi, paths: (.paths | keys)}'", 2000)
h('Errors common to every endpoint')
ex("curl -s $B/api/v1/nope")
ex("curl -si -X DELETE $B/api/v1/spellcheck/text")
h('Rate limits and partner keys', 'The run above had the anonymous limits off. With them on (a second instance, started as below), responses carry the `RateLimit-*` headers and a spent quota gives `429` with `retry_after` and `Retry-After`; a partner key in `X-API-Key` has its own limits, and an unknown key is `401`.\n\n```\nPORT=8198 RATE_LIMIT_PER_MINUTE=3 RATE_LIMIT_PER_DAY=1000 PARTNER_KEYS_FILE=partners.json node dist/src/main.js &\nB=http://127.0.0.1:8198\n```')
ex("curl -s -H 'X-API-Key: no-such-key' $B/api/v1/dictionary/suggest?q=%E0%A4%98", 2000, base=B_LIMITED)
out.append('The attempt with an unknown key counted against the address (so keys cannot be guessed at speed); two more anonymous requests spend the quota of 3 a minute:\n')
ex("for i in 1 2; do curl -s -o /dev/null -D - $B/api/v1/dictionary/suggest?q=%E0%A4%98 | grep -i '^ratelimit'; done; curl -si $B/api/v1/dictionary/suggest?q=%E0%A4%98", 2000, base=B_LIMITED)
out.append('A partner key (here one with no limits, from this `PARTNER_KEYS_FILE`: `{"keys": [{"name": "demo", "key": "contract-demo-partner-key-0001", "per_minute": null}]}`) is still served from the same address:\n')
ex("curl -s -H 'X-API-Key: contract-demo-partner-key-0001' -w '\\n' $B/api/v1/dictionary/suggest?q=%E0%A4%98", 2000, base=B_LIMITED)
open(sys.argv[3], 'w').write('\n'.join(out))
