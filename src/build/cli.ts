// `npm run data -- [options]`: builds native-data/ from the open Debian
// packages (or from files given on the command line).

import { parseArgs } from 'node:util';
import { BUILD_DEFAULTS, runBuild } from './pipeline.js';

const HELP = `Build the Nepali word store in native-data/ from open data.

Usage: npm run data -- [options]

Sources are fetched from Debian's packages (hunspell-ne, mythes-ne,
tesseract-ocr-nep, wamerican) with apt-get download + dpkg-deb -x, unless given here:
  --hunspell-aff FILE   hunspell affix file (ne_NP.aff)
  --hunspell-dic FILE   hunspell dictionary file (ne_NP.dic)
  --mythes FILE         mythes thesaurus data (th_ne_NP_v2.dat)
  --tessdata FILE       tesseract language data (nep.traineddata)
  --english-words FILE  an English word list, one word a line (wamerican's
                        /usr/share/dict/american-english)
The frequency ranks come from the word list the repository carries
(data/tesseract-langdata-nep/nep.wordlist), unless given here:
  --wordlist FILE       one word a line, most frequent first
Pronunciations come from the lexicon the repository carries
(data/google-language-resources-ne/lexicon.tsv), unless given here:
  --lexicon FILE        a spelling, a tab and its phonemes a line
Further dictionaries (format: docs/jsonl-dictionary.md):
  --import FILE         a JSONL dictionary; repeat for several
  --no-sentences        skip libreoffice-l10n-ne (example sentences then come
                        from the thesaurus glosses only)
Output:
  --data-dir DIR        where to build (default: native-data, or $DATA_DIR)
  --bloom-fpr RATE      target Bloom false-positive rate (default ${BUILD_DEFAULTS.bloomFalsePositiveRate})
  --keep-builds N       older builds kept besides the current one (default ${BUILD_DEFAULTS.keepBuilds})
  -h, --help            this text

The build goes into native-data/builds/<time>/ and native-data/current is
switched to it atomically when it is complete.`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        'hunspell-aff': { type: 'string' },
        'hunspell-dic': { type: 'string' },
        mythes: { type: 'string' },
        tessdata: { type: 'string' },
        wordlist: { type: 'string' },
        'english-words': { type: 'string' },
        lexicon: { type: 'string' },
        import: { type: 'string', multiple: true },
        'no-sentences': { type: 'boolean' },
        'data-dir': { type: 'string' },
        'bloom-fpr': { type: 'string' },
        'keep-builds': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const fpr = args['bloom-fpr'] === undefined ? BUILD_DEFAULTS.bloomFalsePositiveRate : Number(args['bloom-fpr']);
  if (!(fpr > 0 && fpr < 1)) {
    console.error('--bloom-fpr must be a number between 0 and 1');
    return 2;
  }
  const keep = args['keep-builds'] === undefined ? BUILD_DEFAULTS.keepBuilds : Number(args['keep-builds']);
  if (!Number.isInteger(keep) || keep < 0) {
    console.error('--keep-builds must be a whole number');
    return 2;
  }
  const start = Date.now();
  const summary = await runBuild({
    dataDir: args['data-dir'] ?? process.env.DATA_DIR ?? 'native-data',
    hunspellAff: args['hunspell-aff'],
    hunspellDic: args['hunspell-dic'],
    mythes: args.mythes,
    tessdata: args.tessdata,
    wordlist: args.wordlist,
    englishWords: args['english-words'],
    lexicon: args.lexicon,
    imports: args.import ?? [],
    sentencePackages: !args['no-sentences'],
    bloomFalsePositiveRate: fpr,
    keepBuilds: keep,
    log: (m) => console.log(`[data ${((Date.now() - start) / 1000).toFixed(1)}s] ${m}`),
  });
  const c = summary.meta.counts;
  console.log(
    `[data] done in ${summary.seconds.toFixed(1)} s: ${c.headwords} headwords, ${c.senses} senses, ${c.forms} forms ` +
      `(${c.lexiconForms} lexicon), ${c.aliases} roman aliases, ${c.examples} sentences; ${(summary.bytes / 1024 / 1024).toFixed(1)} MiB in ${summary.buildDir}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[data] build failed: ${err instanceof Error ? err.message : String(err)}`);
    console.error('[data] the previous native-data/current (if any) is unchanged');
    process.exit(1);
  },
);
