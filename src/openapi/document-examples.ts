import type { MediaTypeObject, OpenApiDocument, RecordedExamples } from './openapi-types.js';

/**
 * Puts the recorded examples into `document`: an `example` on each parameter, request body and success answer,
 * and named error answers on each shared error response. Tools that make calls from the document (Prism's mock,
 * Portman's contract tests, Swagger UI's "Try it out") then send a productId and a purchaseOrderId that exist in
 * the `default` scenario instead of invented ones. A part without a recorded example is left without one (the
 * test of the examples fails on it), never refused here: the served document must always build.
 */
export function addExamples(document: OpenApiDocument, examples: RecordedExamples): void {
  const { parameters, requestBodies, responses } = document.components;
  for (const [name, parameter] of Object.entries(parameters)) {
    if (Object.hasOwn(examples.parameters, name)) parameter.example = examples.parameters[name];
  }
  for (const [name, body] of Object.entries(requestBodies)) {
    if (Object.hasOwn(examples.requestBodies, name)) withJson(body, { example: examples.requestBodies[name] });
  }
  for (const [name, response] of Object.entries(responses)) {
    if (examples.errors[name]) withJson(response, { examples: examples.errors[name] });
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const success = operation.responses['200'];
      if (success && !('$ref' in success) && Object.hasOwn(examples.successes, operation.operationId)) {
        withJson(success, { example: examples.successes[operation.operationId] });
      }
    }
  }
}

/**
 * Adds `fields` to the `application/json` content of `holder` as a new object: the error responses share one
 * content object, which must not carry the examples of all of them.
 */
function withJson(holder: { content?: Record<string, MediaTypeObject> }, fields: Partial<MediaTypeObject>): void {
  const json = holder.content?.['application/json'];
  if (json) holder.content = { ...holder.content, 'application/json': { ...json, ...fields } };
}
