import type { RequestRecord } from '../state/request-record.js';
import { isJsonMediaType, parseJsonText } from '../api/read-json-body.js';
import { readQuery, parseFields } from '../api/parse-input.js';
import { API_BODY, resolveLimit } from '../api/request-rules.js';
import type { CallRoute } from '../api/route.js';
import { methodRefusal } from '../api/route-map.js';
import { ApiError } from '../domain/api-error.js';
import type { SandboxContext } from '../domain/context.js';

/**
 * What the sandbox's own input checks would refuse, each as its 400 (or 405, 415) would say it; nothing is refused
 * here. The key, scope and references (a productId) are the real service's to judge.
 */
export function inputProblems(ctx: SandboxContext, request: RequestRecord, route: CallRoute, body: string | undefined): string[] {
  const problems: string[] = [];
  const check = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push(error.message);
    }
  };
  const refusal = methodRefusal(route, request.method);
  if (refusal) return [refusal.message];
  check(() => {
    const query = parseFields(route.query, readQuery(request.url), ctx.behavior, request) as { limit?: number };
    resolveLimit(query.limit, ctx.behavior, request);
  });
  const rules = route.body;
  if (rules) {
    const contentType = request.headers.get('content-type') ?? '';
    if (!isJsonMediaType(contentType)) problems.push(API_BODY.wrongType!(contentType ? `got ${JSON.stringify(contentType)}` : 'none was sent'));
    check(() => parseFields(rules, parseJsonText(body ?? '', API_BODY), ctx.behavior, request));
  }
  return problems;
}
