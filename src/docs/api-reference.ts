// docs/api-reference.md, made from the OpenAPI document the service serves
// (src/http/openapi.ts, built in process with the default configuration):
// every path and method with its summary, description, parameters, request
// body and responses, then every published schema. docs/api.md holds the
// concepts this page does not. `node dist/src/docs/api-reference.js >
// docs/api-reference.md` rewrites it; test/docs/api-reference.test.ts fails
// when the committed page is stale.

import { DEFAULTS } from '../config.js';
import { openApiDocument } from '../http/server.js';
import { isMain, markdownCell } from './markdown.js';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
};

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Schema;
}

interface Operation {
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}

const METHODS = ['get', 'post', 'head'] as const;

/** GitHub's anchor of a heading made of one schema name. */
const schemaAnchor = (name: string): string => name.toLowerCase();

/** A schema in a few words: its type, its bounds, its allowed values, a link for a published schema. */
export function describeSchema(s: Schema): string {
  if (s.$ref) {
    const name = s.$ref.replace('#/components/schemas/', '');
    return `[${name}](#${schemaAnchor(name)})`;
  }
  if (s.anyOf || s.oneOf) {
    const alts = (s.anyOf ?? s.oneOf)!;
    if (alts.every((a) => a.const !== undefined)) return alts.map((a) => `\`${JSON.stringify(a.const)}\``).join(' \\| ');
    return alts.map(describeSchema).join(' or ');
  }
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  const bounds: string[] = [];
  const range = (lo: string, hi: string, unit: string): void => {
    if (s[lo] !== undefined && s[hi] !== undefined) bounds.push(`${String(s[lo])}..${String(s[hi])}${unit}`);
    else if (s[lo] !== undefined) bounds.push(`≥ ${String(s[lo])}${unit}`);
    else if (s[hi] !== undefined) bounds.push(`≤ ${String(s[hi])}${unit}`);
  };
  range('minimum', 'maximum', '');
  range('minLength', 'maxLength', ' characters');
  range('minItems', 'maxItems', ' items');
  if (Array.isArray(s.enum)) bounds.push(`one of ${(s.enum as unknown[]).map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  if (typeof s.pattern === 'string') bounds.push(`pattern \`${s.pattern}\``);
  if (s.default !== undefined) bounds.push(`default \`${JSON.stringify(s.default)}\``);
  const head = type === 'array' && s.items ? `array of ${describeSchema(s.items)}` : type;
  return bounds.length > 0 ? `${head} (${bounds.join(', ')})` : head;
}

function propertiesTable(s: Schema): string[] {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  if (Object.keys(props).length === 0) return [];
  return [
    '| Field | Required | Type | Description |',
    '|---|---|---|---|',
    ...Object.entries(props).map(
      ([name, p]) => `| \`${name}\` | ${required.has(name) ? 'yes' : 'no'} | ${markdownCell(describeSchema(p))} | ${markdownCell(p.description ?? '')} |`,
    ),
  ];
}

function renderOperation(method: string, path: string, op: Operation, hasGet: boolean): string[] {
  const out = [`### ${method.toUpperCase()} ${path}`, '', `**${op.summary}.**${op.security ? ' Not rate limited.' : ''}`, ''];
  if (method === 'head' && hasGet) {
    out.push(op.description ?? '', '', `Statuses: ${Object.keys(op.responses).join(', ')}, as for GET.`, '');
    return out;
  }
  if (op.description) out.push(op.description, '');
  if (op.parameters?.length) {
    out.push('| Parameter | In | Required | Type | Description |', '|---|---|---|---|---|');
    for (const p of op.parameters)
      out.push(`| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${markdownCell(describeSchema(p.schema))} | ${markdownCell(p.description ?? '')} |`);
    out.push('');
  }
  if (op.requestBody) {
    out.push('Request body:', '');
    for (const [type, { schema }] of Object.entries(op.requestBody.content)) out.push(`- \`${type}\`: ${describeSchema(schema)}`);
    out.push('');
  }
  out.push('| Status | Body | Description |', '|---|---|---|');
  for (const [status, r] of Object.entries(op.responses)) {
    const bodies = Object.entries(r.content ?? {}).map(([type, { schema }]) => `\`${type}\`: ${describeSchema(schema)}`);
    const headers = Object.keys(r.headers ?? {}).filter((h) => !h.startsWith('RateLimit-'));
    const extra = headers.length > 0 ? ` Headers: ${headers.map((h) => `\`${h}\``).join(', ')}.` : '';
    out.push(`| ${status} | ${markdownCell(bodies.join('; ') || 'none')} | ${markdownCell(r.description + extra)} |`);
  }
  out.push('');
  return out;
}

/** The whole page. */
export function renderApiReference(): string {
  const doc = openApiDocument(DEFAULTS) as {
    info: { version: string };
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components: { schemas: Record<string, Schema> };
  };
  const out = [
    '# HTTP API reference, endpoint by endpoint',
    '',
    '<!-- Generated by src/docs/api-reference.ts from the OpenAPI document (src/http/openapi.ts): `make build && node dist/src/docs/api-reference.js > docs/api-reference.md`. Do not edit by hand. -->',
    '',
    `Every path and method of API ${doc.info.version}, as \`GET /api/v1/openapi.json\` serves it with the default configuration (docs/configuration.md).`,
    'Conventions, errors, rate limits, partner keys, the live protocol and the NDJSON streams: [api.md](api.md). Each endpoint with a real `curl` command and its answer: [curl-examples.md](curl-examples.md).',
    'Every response of a rate-limited endpoint carries the `RateLimit-*` headers (api.md, "Rate limits and partners").',
    '',
    '## Endpoints',
    '',
  ];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (op) out.push(...renderOperation(method, path, op, ops.get !== undefined));
    }
  }
  out.push('## Schemas', '');
  for (const [name, s] of Object.entries(doc.components.schemas)) {
    out.push(`### ${name}`, '');
    if (s.description) out.push(s.description, '');
    const table = propertiesTable(s);
    out.push(...(table.length > 0 ? table : [describeSchema(s)]), '');
  }
  return out.join('\n');
}

if (isMain(import.meta.url)) process.stdout.write(renderApiReference());
