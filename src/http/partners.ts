// Partner API keys (PARTNER_KEYS_FILE).
//
// File format (JSON):
//   {"keys": [
//     {"name": "acme", "key_sha256": "<64 hex digits>", "per_minute": 600, "per_day": 100000},
//     {"name": "lab",  "key": "<the key itself, at least 16 characters>", "per_minute": null}
//   ]}
// Each entry has exactly one of key_sha256 (the SHA-256 of the key, so the
// file need not hold the secret) or key. per_minute and per_day are request
// limits for that key; 0, null or absent means unlimited.
//
// Look-up hashes the presented key and compares it with every entry's digest
// using crypto.timingSafeEqual, without stopping at a match, so the time
// taken says nothing about which bytes of a guess were right.

import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const Limit = Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()]));

const KeyEntry = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    key: Type.Optional(Type.String({ minLength: 16, maxLength: 1024 })),
    key_sha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
    per_minute: Limit,
    per_day: Limit,
  },
  { additionalProperties: false },
);

export const PartnerKeysFile = Type.Object({ keys: Type.Array(KeyEntry) }, { additionalProperties: false });
export type PartnerKeysFile = Static<typeof PartnerKeysFile>;
const CheckFile = Compile(PartnerKeysFile);

export interface Partner {
  name: string;
  /** Requests per minute; 0 = unlimited. */
  perMinute: number;
  /** Requests per day; 0 = unlimited. */
  perDay: number;
}

interface StoredKey {
  digest: Buffer;
  partner: Partner;
}

export class PartnerKeys {
  private constructor(private readonly keys: StoredKey[]) {}

  static empty(): PartnerKeys {
    return new PartnerKeys([]);
  }

  /** Builds the table from parsed file contents; `source` names the file in error messages. */
  static fromJson(json: unknown, source: string): PartnerKeys {
    if (!CheckFile.Check(json)) {
      const first = CheckFile.Errors(json)[0];
      throw new Error(`${source}: ${first?.instancePath || '/'} ${first?.message ?? 'does not match the partner keys format'}`);
    }
    const names = new Set<string>();
    const digests = new Set<string>();
    const keys: StoredKey[] = json.keys.map((entry, i) => {
      if ((entry.key === undefined) === (entry.key_sha256 === undefined)) {
        throw new Error(`${source}: /keys/${i} must have exactly one of "key" or "key_sha256"`);
      }
      if (names.has(entry.name)) throw new Error(`${source}: /keys/${i} repeats the name ${JSON.stringify(entry.name)}`);
      names.add(entry.name);
      const digest = entry.key !== undefined ? sha256(entry.key) : Buffer.from(entry.key_sha256!.toLowerCase(), 'hex');
      const hex = digest.toString('hex');
      if (digests.has(hex)) throw new Error(`${source}: /keys/${i} repeats a key already given`);
      digests.add(hex);
      return { digest, partner: { name: entry.name, perMinute: entry.per_minute ?? 0, perDay: entry.per_day ?? 0 } };
    });
    return new PartnerKeys(keys);
  }

  static async load(file: string | null): Promise<PartnerKeys> {
    if (file === null) return PartnerKeys.empty();
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new Error(`PARTNER_KEYS_FILE: cannot read ${file}: ${(e as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new Error(`PARTNER_KEYS_FILE: ${file} is not valid JSON: ${(e as Error).message}`);
    }
    return PartnerKeys.fromJson(json, `PARTNER_KEYS_FILE ${file}`);
  }

  get size(): number {
    return this.keys.length;
  }

  /** The partner whose key this is, or null. Compares against every key in constant time. */
  find(presented: string): Partner | null {
    const digest = sha256(presented);
    let found: Partner | null = null;
    for (const k of this.keys) {
      if (timingSafeEqual(k.digest, digest)) found = k.partner;
    }
    return found;
  }
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}
