// Query-string and path-parameter parsing, driven by the endpoint schemas.
//
// URLSearchParams is not used because it silently turns malformed
// percent-encoding and invalid UTF-8 into U+FFFD, which would look up a word
// nobody typed; here both are 400 INVALID_PARAMETER. Each schema property
// says how to read its parameter: its JSON type (string, integer, boolean),
// its limits, and a `default` when the parameter may be left out.

import type { TSchema } from 'typebox';
import { codePointLength, MAX_QUERY_STRING_BYTES } from '../schemas/common.js';
import { httpError } from './errors.js';

function decodeComponent(raw: string, what: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    // '+' means space in a query string (application/x-www-form-urlencoded).
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw httpError('INVALID_PARAMETER', `Malformed percent-encoding in ${what}`);
  }
}

/** Splits a raw query string into decoded name -> values; malformed encoding is a 400. */
export function parseQueryString(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (raw.length === 0) return out;
  if (raw.length > MAX_QUERY_STRING_BYTES) throw httpError('INVALID_PARAMETER', `Query string longer than ${MAX_QUERY_STRING_BYTES} bytes`);
  for (const pair of raw.split('&')) {
    if (pair.length === 0) continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const name = decodeComponent(rawName, 'the query string');
    const value = decodeComponent(rawValue, `query parameter '${name}'`);
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

interface ParamSchema {
  type?: string;
  /** The values a string parameter may take. */
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
}

/** Reads one parameter value according to its schema; `label` names it in messages. */
export function readParameter(label: string, raw: string | undefined, schema: ParamSchema): unknown {
  if (raw === undefined) {
    if (schema.default !== undefined) return schema.default;
    throw httpError('MISSING_PARAMETER', `Missing required ${label}`);
  }
  switch (schema.type) {
    case 'string': {
      const value = raw.trim();
      if (value.length === 0) {
        if (schema.default !== undefined) return schema.default;
        throw httpError('MISSING_PARAMETER', `Missing required ${label} (it is empty)`);
      }
      if (schema.maxLength !== undefined && codePointLength(value) > schema.maxLength) {
        throw httpError('INVALID_PARAMETER', `${capitalize(label)} must be at most ${schema.maxLength} characters`);
      }
      if (schema.enum !== undefined && !schema.enum.includes(value)) {
        throw httpError('INVALID_PARAMETER', `${capitalize(label)} must be one of: ${schema.enum.join(', ')}`);
      }
      return value;
    }
    case 'boolean': {
      const v = raw.trim().toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      throw httpError('INVALID_PARAMETER', `${capitalize(label)} must be true, false, 1 or 0`);
    }
    case 'integer': {
      const v = raw.trim();
      const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      const n = /^[+-]?\d{1,15}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        throw httpError('INVALID_PARAMETER', `${capitalize(label)} must be an integer between ${min} and ${max}`);
      }
      return n;
    }
    default:
      // A schema with a type this reader does not know is a programming error.
      throw new Error(`query.ts cannot read parameters of type ${String(schema.type)}`);
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

interface QueryValidator<T> {
  Type(): TSchema;
  Check(value: unknown): value is T;
}

/** Each endpoint's parameters with their schemas and message labels, worked out once (readQuery runs on every request). */
const PARAMS = new WeakMap<object, { name: string; schema: ParamSchema; label: string }[]>();

function paramsOf(validator: QueryValidator<unknown>): { name: string; schema: ParamSchema; label: string }[] {
  let list = PARAMS.get(validator);
  if (!list) {
    const schema = validator.Type() as { properties?: Record<string, ParamSchema> };
    list = Object.entries(schema.properties ?? {}).map(([name, s]) => ({ name, schema: s, label: `query parameter '${name}'` }));
    PARAMS.set(validator, list);
  }
  return list;
}

/**
 * Parses a raw query string against an endpoint's query schema. Unknown
 * parameters are ignored (forward compatibility); a known one given twice is
 * a 400, since picking one silently could answer a question not asked.
 */
export function readQuery<T>(raw: string, validator: QueryValidator<T>): T {
  const params = parseQueryString(raw);
  const out: Record<string, unknown> = {};
  for (const { name, schema, label } of paramsOf(validator)) {
    const values = params.get(name);
    if (values && values.length > 1) throw httpError('INVALID_PARAMETER', `Query parameter '${name}' given more than once`);
    out[name] = readParameter(label, values?.[0], schema);
  }
  // The readers above already enforce the schema; this guards against a
  // schema keyword they do not know, and narrows the type.
  if (!validator.Check(out)) throw new Error('query parameters passed the readers but failed their schema');
  return out;
}

/** Decodes one percent-encoded path segment and reads it by its schema. */
export function readPathParameter(name: string, raw: string | undefined, schema: TSchema): string {
  const decoded = raw === undefined ? undefined : decodePathSegment(raw);
  return readParameter(`path parameter '${name}'`, decoded, schema as ParamSchema) as string;
}

function decodePathSegment(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    // In a path '+' is a literal plus, so no '+' -> space here.
    return decodeURIComponent(raw);
  } catch {
    throw httpError('INVALID_PARAMETER', 'Malformed percent-encoding in the path');
  }
}
