/** The part of OpenAPI 3.0.3 this package's document uses, typed so that a misspelt keyword fails to compile. */

export interface ReferenceObject {
  $ref: string;
}

export interface SchemaObject {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: readonly unknown[];
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, SchemaObject | ReferenceObject>;
  required?: string[];
  items?: SchemaObject | ReferenceObject;
  additionalProperties?: boolean | SchemaObject | ReferenceObject;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  description?: string;
  required?: boolean;
  schema: SchemaObject | ReferenceObject;
  example?: unknown;
}

export interface ExampleObject {
  summary: string;
  value: unknown;
}

export interface MediaTypeObject {
  schema: SchemaObject | ReferenceObject;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: RequestBodyObject | ReferenceObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
  /** The scope the API key must carry for this operation. */
  'x-required-scope': string;
}

export type PathItemObject = Partial<Record<'get' | 'post', OperationObject>>;

export interface SecuritySchemeObject {
  type: 'apiKey';
  in: 'header';
  name: string;
  description?: string;
}

/** Recorded from the answers of fresh sandboxes (src/openapi-examples.ts). */
export interface RecordedExamples {
  /** Of each parameter of `components.parameters`, by name. */
  parameters: Record<string, unknown>;
  /** Of each body of `components.requestBodies`, by name. */
  requestBodies: Record<string, unknown>;
  /** By operationId: the success answer to the operation's parameter and body examples. */
  successes: Record<string, unknown>;
  /** By name of a response of `components.responses`: named error answers. */
  errors: Record<string, Record<string, ExampleObject>>;
}

export interface OpenApiDocument {
  openapi: '3.0.3';
  info: {
    title: string;
    version: string;
    description?: string;
  };
  servers: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
    requestBodies: Record<string, RequestBodyObject>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
}
