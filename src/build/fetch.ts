// Fetches the open Debian packages the data is built from, with
// `apt-get download` + `dpkg-deb -x` (no root needed), into a cache folder,
// once: later builds reuse the unpacked files.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceInfo } from '../store/types.js';

export interface FetchedPackage {
  name: string;
  version: string;
  /** The licence of the Nepali files, read from the package's copyright file. */
  license: string;
  /** Folder the package is unpacked into. */
  root: string;
  deb: string;
}

export class FetchError extends Error {
  override name = 'FetchError';
}

function run(cmd: string, args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.error) return { ok: false, out: `${cmd}: ${r.error.message}` };
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function findDeb(dir: string, pkg: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
}

/**
 * The licence stanza that covers the Nepali files in a Debian copyright file
 * (machine-readable format): the stanza whose Files: mentions `fileHint`, else
 * the first License: line.
 */
export function licenseFromCopyright(text: string, fileHint: RegExp): string {
  const stanzas = text.split(/\n\s*\n/);
  for (const s of stanzas) {
    const files = /^Files:\s*([^\n]*(?:\n[ \t]+[^\n]*)*)/m.exec(s);
    const lic = /^License:\s*(.+)$/m.exec(s);
    if (files && lic && fileHint.test(files[1]!)) return lic[1]!.trim();
  }
  const first = /^License:\s*(.+)$/m.exec(text);
  return first ? first[1]!.trim() : 'unknown';
}

/** Downloads (if not cached) and unpacks one Debian package. */
export function fetchDebianPackage(pkg: string, cacheDir: string, licenseHint: RegExp, log: (m: string) => void): FetchedPackage {
  const debDir = join(cacheDir, 'debs');
  mkdirSync(debDir, { recursive: true });
  let deb = findDeb(debDir, pkg);
  if (!deb) {
    log(`fetching ${pkg} with apt-get download`);
    let r = run('apt-get', ['download', pkg], debDir);
    if (!r.ok && /Unable to locate|has no installation candidate|No packages found/i.test(r.out)) {
      // A fresh machine may have empty package lists: refresh them when we may.
      if (process.getuid?.() === 0) {
        log('package lists are empty: running apt-get update');
        const u = run('apt-get', ['update'], debDir);
        if (!u.ok) throw new FetchError(`apt-get update failed:\n${u.out}`);
        r = run('apt-get', ['download', pkg], debDir);
      } else {
        throw new FetchError(
          `apt-get cannot find ${pkg}: the package lists are empty. Run \`sudo apt-get update\` and build again, ` +
            'or give the files with --hunspell-aff/--hunspell-dic/--mythes/--tessdata (see --help).',
        );
      }
    }
    if (!r.ok) throw new FetchError(`apt-get download ${pkg} failed:\n${r.out}`);
    deb = findDeb(debDir, pkg);
    if (!deb) throw new FetchError(`apt-get download ${pkg} reported success but left no .deb in ${debDir}`);
  }
  const debPath = join(debDir, deb);
  const version = execFileSync('dpkg-deb', ['-f', debPath, 'Version'], { encoding: 'utf8' }).trim();
  const root = join(cacheDir, 'src', pkg);
  const stamp = join(root, '.unpacked');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== deb) {
    const tmp = `${root}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const x = run('dpkg-deb', ['-x', debPath, tmp], cacheDir);
    if (!x.ok) throw new FetchError(`dpkg-deb -x ${debPath} failed:\n${x.out}`);
    execFileSync('sh', ['-c', `printf %s "$1" > "$2"`, 'sh', deb, join(tmp, '.unpacked')]);
    rmSync(root, { recursive: true, force: true });
    renameSync(tmp, root);
  }
  const copyright = join(root, 'usr/share/doc', pkg, 'copyright');
  const license = existsSync(copyright) ? licenseFromCopyright(readFileSync(copyright, 'utf8'), licenseHint) : 'unknown';
  return { name: pkg, version, license, root, deb: debPath };
}

export function sourceInfo(p: FetchedPackage, files: string[]): SourceInfo {
  return { name: p.name, version: p.version, license: p.license, files };
}
