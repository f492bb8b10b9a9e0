/** The part of OpenAPI 3 (and its JSON Schema dialect) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  format?: string;
  default?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie' | string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OperationRef {
  /** Upper case, e.g. `POST`. */
  method: string;
  /** The documented path, e.g. `/api/TestKit/GetTestKitById`. */
  path: string;
  op: Operation;
  /** `METHOD path`: how counts and failures are grouped. */
  key: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every operation of the document: paths × methods, none skipped. */
export function listOperations(doc: OpenApiDoc): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [m, op] of Object.entries(item ?? {})) {
      if (!METHODS.includes(m.toLowerCase())) continue;
      const method = m.toUpperCase();
      out.push({ method, path, op, key: `${method} ${path}` });
    }
  }
  return out;
}

/** Follows `$ref`s into `#/components/schemas` and merges `allOf`, so generators see plain schemas. */
export function resolveSchema(doc: OpenApiDoc, schema: JsonSchema | undefined, seen = 0): JsonSchema | undefined {
  if (!schema || seen > 20) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    return resolveSchema(doc, doc.components?.schemas?.[name], seen + 1);
  }
  if (schema.allOf?.length) {
    const merged: JsonSchema = { ...schema, allOf: undefined, properties: { ...schema.properties } };
    const required = new Set(schema.required ?? []);
    for (const part of schema.allOf) {
      const r = resolveSchema(doc, part, seen + 1) ?? {};
      Object.assign(merged, { ...r, properties: { ...merged.properties, ...r.properties } });
      for (const k of r.required ?? []) required.add(k);
    }
    merged.required = [...required];
    return merged;
  }
  return schema;
}

/** The schema's main JSON type (`integer`, `string`, …), or undefined for "anything". */
export function schemaType(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}
