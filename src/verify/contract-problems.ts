import type { z } from 'zod';
import { answerSchema, contractDocument } from './answer-schemas.js';
import type { ReceivedAnswer } from './exchange.js';
import { describeValue, truncateText } from '../lib/json-preview.js';

/**
 * What is wrong with an answer by the OpenAPI document, field by field; empty when it conforms. The status
 * must be one the operation documents (or an error, which `default` covers), the content type JSON, and
 * the body must match the schema of that response with no field the spec does not list.
 */
export function contractProblems(method: 'GET' | 'POST', routePath: string, answer: ReceivedAnswer): string[] {
  const document = contractDocument();
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

/**
 * One line per problem: `data[0].currentUnitPriceThb: expected a number, got "233"`. The same
 * problem in many items of a list is said once, with how many items share it.
 */
function issueLines(issues: readonly Issue[], schemaName: string): string[] {
  const lines = new Map<string, { line: string; more: number }>();
  const add = (path: PropertyKey[], code: string, text: string) => {
    const key = `${path.map((segment) => (typeof segment === 'number' ? '[]' : String(segment))).join('.')} ${code}`;
    const seen = lines.get(key);
    if (seen) seen.more++;
    else lines.set(key, { line: `${pathText(path)}: ${text}`, more: 0 });
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const input = issue.input as Record<string, unknown> | undefined;
      for (const key of issue.keys) add([...issue.path, key], issue.code, `a field the spec does not list (${describeValue(input?.[key])})`);
    } else {
      add(issue.path, issue.code, issueText(issue, schemaName));
    }
  }
  return [...lines.values()].map(({ line, more }) => (more > 0 ? `${line} (and ${more} more like it)` : line));
}

function issueText(issue: Issue, schemaName: string): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `missing, the spec requires it (${article(issue.expected)})`;
      return `expected ${article(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      if (issue.input === undefined) return `missing, the spec requires it (${issue.values.map((value) => JSON.stringify(value)).join(' or ')})`;
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, got ${describeValue(issue.input)}`;
    case 'invalid_format':
      return `expected ${issue.format === 'regex' ? 'a UUID' : issue.format === 'datetime' ? 'an ISO 8601 date-time' : issue.format}, got ${describeValue(issue.input)}`;
    default:
      return `${issue.message} (${schemaName})`;
  }
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

/** The start of a body, on one line, as a message quotes it. */
const oneLine = (text: string) => truncateText(text.replace(/\s+/g, ' ').trim());
