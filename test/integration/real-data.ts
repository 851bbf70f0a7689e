// Where the integration tests find the real data that `make data` built.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from '../../src/store/data-dir.js';
import { requirePart } from '../parts.js';

export const DATA_DIR = process.env.DATA_DIR ?? 'native-data';
export const BUILD_DIR = resolveDataDir(DATA_DIR);
export const HAVE_REAL_DATA = existsSync(join(BUILD_DIR, 'store', 'data.mdb'));
/** node:test skip reason when the data has not been built. */
export const SKIP_WITHOUT_DATA = requirePart(`the built data in ${DATA_DIR}`, HAVE_REAL_DATA, 'run `make data`');
