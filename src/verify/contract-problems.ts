import { z } from 'zod';
import { UUID_PATTERN } from '../contract/request-limits.js';
import { apiDocument } from '../api/openapi-document.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';
import { asRecord, dataOf, type ProbeRequest, type ReceivedAnswer } from './exchange.js';
import { toSatang, toThb } from '../lib/money.js';
import { describeValue, truncateText } from '../lib/json-preview.js';

/**
 * The document's answer schemas go through zod's `fromJSONSchema`, a dependency already (the suite's ajv check is
 * cross-checked against it in test/verify). As the suite does, every object is closed (the spec lists every field),
 * and `format: uuid` is the 8-4-4-4-12 hex pattern the sandbox accepts, not zod's stricter RFC 9562 check.
 */
const ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'example', 'examples', 'default', 'title']);
const UUID_JSON_PATTERN = UUID_PATTERN.source.replaceAll('[0-9a-f]', '[0-9a-fA-F]');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // Field names are data here, not keywords: a field called "description" stays.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]));
    } else if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace('#/components/schemas/', '#/definitions/');
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  if (out.format === 'uuid') {
    delete out.format;
    out.pattern = UUID_JSON_PATTERN;
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

let cache: { document: OpenApiDocument; schemas: Map<string, z.ZodType> } | undefined;
const state = () => (cache ??= { document: apiDocument(), schemas: new Map() });

/** The zod schema of a component of the document, by name: `BalanceEnvelope`. */
function answerSchema(name: string): z.ZodType {
  const { document, schemas } = state();
  let schema = schemas.get(name);
  if (!schema) {
    if (!document.components.schemas[name]) throw new Error(`the OpenAPI document has no schema ${name}`);
    const definitions = toJsonSchema(document.components.schemas as unknown as Json);
    schema = z.fromJSONSchema({ definitions, $ref: `#/definitions/${name}` } as never, { defaultTarget: 'openapi-3.0' });
    schemas.set(name, schema);
  }
  return schema;
}

/** What is wrong with an answer by the OpenAPI document (status, content type, body), field by field; empty when it conforms. */
export function contractProblems(method: 'GET' | 'POST', routePath: string, answer: ReceivedAnswer): string[] {
  const { document } = state();
  const operation = document.paths[routePath]?.[method.toLowerCase() as 'get' | 'post'];
  if (!operation) throw new Error(`the OpenAPI document has no operation ${method} ${routePath}`);
  const { status } = answer;
  if (status >= 300 && status < 400) {
    const to = answer.headers.location ? ` to ${answer.headers.location}` : '';
    return [`a redirect (${status})${to}, where the document has an answer: use the address it points to as --base-url`];
  }
  const documented = Object.keys(operation.responses).filter((key) => key !== 'default');
  const response = operation.responses[String(status)] ?? (status >= 400 ? operation.responses.default : undefined);
  if (!response) {
    return [`status ${status} is not documented for ${operation.operationId} (documented: ${documented.join(', ')}, and errors in the error envelope)`];
  }
  const resolved = '$ref' in response ? document.components.responses[response.$ref.split('/').pop()!]! : response;
  const schema = resolved.content?.['application/json']?.schema;
  const schemaName = schema && '$ref' in schema ? schema.$ref.split('/').pop()! : undefined;
  if (!schemaName) throw new Error(`the OpenAPI document gives no schema for ${status} of ${operation.operationId}`);

  const problems: string[] = [];
  const contentType = answer.headers['content-type'];
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '')) {
    problems.push(`content-type is ${contentType === undefined ? 'missing' : JSON.stringify(contentType)}, the spec says application/json`);
  }
  if (answer.json === undefined) {
    problems.push(notJson(answer.body));
    return problems;
  }
  const result = answerSchema(schemaName).safeParse(answer.json, { reportInput: true });
  if (!result.success) problems.push(...issueLines(result.error.issues, schemaName));
  return problems;
}

function notJson(text: string): string {
  if (text.trim() === '') return 'the body is empty, the spec says every answer is JSON';
  const html = /^\s*<(!doctype html|html|head|body)\b/i.test(text);
  return html
    ? `the body is an HTML page, not JSON (${oneLine(text)}): is --base-url the API's base address, ending in /api/v1?`
    : `the body is not JSON (${oneLine(text)})`;
}

type Issue = z.core.$ZodIssue & { input?: unknown };

/** The same problem in many items of a list is said once, with how many items share it. */
function issueLines(issues: readonly Issue[], schemaName: string): string[] {
  const said = onceByKind();
  const add = (path: PropertyKey[], code: string, text: string) =>
    said.add(`${path.map((segment) => (typeof segment === 'number' ? '[]' : String(segment))).join('.')} ${code}`, `${pathText(path)}: ${text}`);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const input = issue.input as Record<string, unknown> | undefined;
      for (const key of issue.keys) add([...issue.path, key], issue.code, `a field the spec does not list (${describeValue(input?.[key])})`);
    } else {
      add(issue.path, issue.code, issueText(issue, schemaName));
    }
  }
  return said.lines();
}

function issueText(issue: Issue, schemaName: string): string {
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') {
    const expected = issue.code === 'invalid_type' ? article(issue.expected) : issue.values.map((value) => JSON.stringify(value)).join(' or ');
    return issue.input === undefined ? `missing, the spec requires it (${expected})` : `expected ${expected}, got ${describeValue(issue.input)}`;
  }
  if (issue.code === 'invalid_format') {
    return `expected ${issue.format === 'regex' ? 'a UUID' : issue.format === 'datetime' ? 'an ISO 8601 date-time' : issue.format}, got ${describeValue(issue.input)}`;
  }
  return `${issue.message} (${schemaName})`;
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** `data[0].items[2].iccid`; the body itself is "the body". */
function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the body';
  return path.reduce<string>(
    (text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : text ? `${text}.${String(segment)}` : String(segment)),
    '',
  );
}

const oneLine = (text: string) => truncateText(text.replace(/\s+/g, ' ').trim());

/** Lines said once by kind, each with how many more of its kind there were: `… (and 3 more like it)`. */
function onceByKind() {
  const lines = new Map<string, { line: string; more: number }>();
  return {
    add(kind: string, line: string): void {
      const seen = lines.get(kind);
      if (seen) seen.more++;
      else lines.set(kind, { line, more: 0 });
    },
    lines: (): string[] => [...lines.values()].map(({ line, more }) => (more > 0 ? `${line} (and ${more} more like it)` : line)),
  };
}

/** The eSIM items of an order answer (one order or a list), each with where it sits: `data[0].items[2]`. */
function itemsOf(answer: ReceivedAnswer): { at: string; item: Record<string, unknown> }[] {
  const data = dataOf(answer);
  const orders = Array.isArray(data) ? data : data === undefined ? [] : [data];
  return orders.flatMap((order, index) => {
    const items = asRecord(order)?.items;
    if (!Array.isArray(items)) return [];
    const at = Array.isArray(data) ? `data[${index}]` : 'data';
    return items.flatMap((item, itemIndex) => {
      const record = asRecord(item);
      return record ? [{ at: `${at}.items[${itemIndex}]`, item: record }] : [];
    });
  });
}

function once(lines: string[]): string[] {
  const said = onceByKind();
  for (const line of lines) said.add('', line);
  return said.lines();
}

/** With includeQrImages=true each provisioned eSIM carries `qrBase64Url`. */
export function qrImagesPresent(answer: ReceivedAnswer): string[] {
  return once(
    itemsOf(answer)
      .filter(({ item }) => item.status === 'provisioned' && typeof item.qrBase64Url !== 'string')
      .map(({ at }) => `${at}.qrBase64Url: missing with includeQrImages=true`),
  );
}

/** The spec: `qrBase64Url` is present only when includeQrImages is true (in the query, or createOrder's body). */
export function qrImagesUnasked(request: ProbeRequest, answer: ReceivedAnswer): string[] {
  const asked = /[?&]includeQrImages=true(&|$)/.test(request.path) || asRecord(request.body)?.includeQrImages === true;
  if (asked) return [];
  return once(
    itemsOf(answer)
      .filter(({ item }) => 'qrBase64Url' in item)
      .map(({ at }) => `${at}.qrBase64Url: present without includeQrImages=true; the spec sends it only when includeQrImages is true`),
  );
}

/** Values the spec rules out in well-shaped answers. A balance may be below zero: a service may let orders overdraw it. */
export function ruledOutValues(answer: ReceivedAnswer): string[] {
  const data = dataOf(answer);
  if (data === undefined) return [];
  const said = onceByKind();
  walk(data, 'data', (record, path) => {
    for (const [field, value] of Object.entries(record)) {
      if (field.endsWith('Thb') && field !== 'balanceThb' && typeof value === 'number' && value < 0) {
        said.add(`negative ${field}`, `${join(path, field)}: ${value} THB, a negative price or amount, which the spec rules out`);
      }
    }
    const { unitPriceThb, quantity, totalPriceThb } = record;
    if (typeof unitPriceThb === 'number' && typeof quantity === 'number' && typeof totalPriceThb === 'number') {
      const expected = toSatang(unitPriceThb) * quantity;
      if (toSatang(totalPriceThb) !== expected) {
        said.add('total', `${join(path, 'totalPriceThb')}: ${totalPriceThb} THB, but unitPriceThb × quantity is ${unitPriceThb} × ${quantity} = ${toThb(expected)} THB`);
      }
    }
    const { totalTopupsThb, totalPurchasesThb, balanceThb } = record;
    if (typeof totalTopupsThb === 'number' && typeof totalPurchasesThb === 'number' && typeof balanceThb === 'number') {
      const expected = toSatang(totalTopupsThb) - toSatang(totalPurchasesThb);
      if (toSatang(balanceThb) !== expected) {
        said.add('balance', `${join(path, 'balanceThb')}: ${balanceThb} THB, but totalTopupsThb − totalPurchasesThb is ${totalTopupsThb} − ${totalPurchasesThb} = ${toThb(expected)} THB`);
      }
    }
  });
  return said.lines();
}

function walk(value: unknown, path: string, visit: (record: Record<string, unknown>, path: string) => void): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => walk(entry, `${path}[${index}]`, visit));
    return;
  }
  const record = asRecord(value);
  if (!record) return;
  visit(record, path);
  for (const [field, entry] of Object.entries(record)) if (typeof entry === 'object' && entry !== null) walk(entry, join(path, field), visit);
}

const join = (path: string, field: string) => `${path}.${field}`;
