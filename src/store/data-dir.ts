import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The folder of the build a service should open: <dataDir>/current (the
 * symlink the data pipeline swaps atomically) when it exists, else dataDir
 * itself (a build folder given directly).
 */
export function resolveDataDir(dataDir: string): string {
  const link = join(dataDir, 'current');
  if (existsSync(link) && lstatSync(link).isSymbolicLink()) return resolve(dataDir, readlinkSync(link));
  return resolve(dataDir);
}
