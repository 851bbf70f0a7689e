// `node dist/src/build/archive-cli.js pack|unpack ...`: the built data as one
// versioned, checksummed archive (archive.ts), for replicas that should all
// serve the same bytes (docs/operations.md, "Running several replicas").

import { parseArgs } from 'node:util';
import { StoreDamaged } from '../store/store-checksum.js';
import { ArchiveError, defaultArchiveDir, packBuild, unpackBuild } from './archive.js';

const HELP = `The built data as one archive.

Usage:
  node dist/src/build/archive-cli.js pack [--data-dir DIR] [--out DIR]
      writes DIR/current as nls-data-<build>-schema<N>-<xxh64>.tar.gz and
      its .sha256 into --out (default: <data dir>/archives)
  node dist/src/build/archive-cli.js unpack ARCHIVE [--data-dir DIR] [--sha256 HEX]
      checks the archive (against --sha256, else ARCHIVE.sha256 when present),
      installs it as DIR/builds/<build> and switches DIR/current to it

--data-dir defaults to $DATA_DIR, else native-data.`;

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, out: { type: 'string' }, sha256: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values: args, positionals } = parsed;
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const dataDir = args['data-dir'] ?? process.env.DATA_DIR ?? 'native-data';
  const [cmd, file] = positionals;
  try {
    if (cmd === 'pack' && positionals.length === 1) {
      const start = Date.now();
      const r = packBuild(dataDir, args.out ?? defaultArchiveDir(dataDir));
      console.log(`[archive] ${r.archive} (${(r.bytes / 2 ** 20).toFixed(1)} MiB, sha256 ${r.sha256}) in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return 0;
    }
    if (cmd === 'unpack' && file !== undefined && positionals.length === 2) {
      const start = Date.now();
      const r = unpackBuild(file, dataDir, args.sha256);
      console.log(
        `[archive] ${r.buildDir} is current (data.mdb ${r.checksum.bytes} bytes, xxh64 ${r.checksum.xxh64}) in ${((Date.now() - start) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
  } catch (err) {
    console.error(`[archive] ${err instanceof ArchiveError || err instanceof StoreDamaged ? (err as Error).message : String((err as Error).stack ?? err)}`);
    console.error('[archive] nothing was changed');
    return 1;
  }
  console.error(HELP);
  return 2;
}

process.exit(main());
