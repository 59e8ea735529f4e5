/**
 * Flattens an OpenAPI 3.1 / JSON Schema 2020-12 schema into the rows of a field table:
 * follows `$ref` into `components.schemas`, walks nested objects (`a.b`), arrays (`a[]`),
 * records (`a.{key}`), unions (`oneOf` / `anyOf`, one row per variant's fields), enums,
 * defaults, limits and nullable types. Pure, so the reference pages, their Markdown versions
 * and the tests read the same rows.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  [key: string]: unknown;
};

/** Where `$ref`s point: the document's `components.schemas`. */
export type SchemaComponents = Record<string, unknown>;

/** One row of a field table. */
export interface FieldRow {
  /** Dotted path as sent on the wire: `image_urls`, `image_urls[]`, `detection_results[].objects.{key}`. */
  name: string;
  /** Type as a developer reads it: `string (uri)`, `integer`, `"per_item" | "superset"`, `object[]`. */
  type: string;
  /** Required in a request / always present in a response (within its parent). */
  required: boolean;
  /** May be `null`. */
  nullable: boolean;
  /** The schema's description, or '' when it has none. */
  description: string;
  /** Limits, enum values and default, each as a short phrase: `1 to 20 items`, `default 3`. */
  constraints: string[];
  /** Depth below the top level (0 for top-level fields). */
  depth: number;
  /** For union variants: which variant (1-based) of how many the field belongs to. */
  variant?: string;
}

/** JavaScript's safe-integer bounds, which zod writes for every `.int()`: not a documented limit. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** Resolves a local `#/components/schemas/Name` reference (one level at a time, cycle-safe). */
export function resolveRef(
  schema: JsonSchema,
  components: SchemaComponents,
  seen: Set<string> = new Set(),
): JsonSchema {
  let current = schema;
  while (current.$ref) {
    const ref = current.$ref;
    if (seen.has(ref)) return {};
    seen.add(ref);
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    const target = match ? (components[decodeURIComponent(match[1]!)] as JsonSchema | undefined) : undefined;
    if (!target) throw new Error(`Unresolvable $ref ${ref}`);
    const { $ref: _ignored, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

const isNull = (s: JsonSchema) =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');

/** The union branches of a schema without the `null` branch, and whether there was one. */
function branches(schema: JsonSchema): { list: JsonSchema[]; nullable: boolean } {
  const list = schema.oneOf ?? schema.anyOf ?? [];
  return { list: list.filter((s) => !isNull(s)), nullable: list.some(isNull) };
}

function typesOf(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const raw = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return { types: raw.filter((t) => t !== 'null'), nullable: raw.includes('null') };
}

const literal = (v: unknown) => JSON.stringify(v);

/** The type label of a schema, e.g. `string (uri)`, `integer[]`, `object`, `"a" | "b"`. */
export function typeLabel(input: JsonSchema, components: SchemaComponents): string {
  const schema = resolveRef(input, components);
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(' | ');
  const union = branches(schema);
  if (union.list.length > 0) {
    const labels = [...new Set(union.list.map((s) => typeLabel(s, components)))];
    return labels.length === 1 ? labels[0]! : `one of: ${labels.join(' | ')}`;
  }
  const { types } = typesOf(schema);
  const type = types[0] ?? (schema.properties ? 'object' : '');
  if (type === 'array') {
    if (schema.prefixItems) return `[${schema.prefixItems.map((s) => typeLabel(s, components)).join(', ')}]`;
    const item = schema.items ? typeLabel(schema.items, components) : 'any';
    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  if (
    type === 'object' &&
    !schema.properties &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object'
  ) {
    return `object (map of ${typeLabel(schema.additionalProperties, components)})`;
  }
  if (type === 'string' && schema.format) return `string (${schema.format})`;
  return types.length > 1 ? types.join(' | ') : type || 'any';
}

/** Limits, allowed values and default of one schema, as short phrases. */
export function constraintsOf(input: JsonSchema, components: SchemaComponents): string[] {
  const s = resolveRef(input, components);
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const lo = min !== undefined && min > -SAFE ? min : undefined;
    const hi = max !== undefined && max < SAFE ? max : undefined;
    if (lo !== undefined && hi !== undefined)
      out.push(lo === hi ? `exactly ${lo}${unit}` : `${lo} to ${hi}${unit}`);
    else if (lo !== undefined) out.push(`at least ${lo}${lo === 1 ? unit.replace(/s$/, '') : unit}`);
    else if (hi !== undefined) out.push(`at most ${hi}${hi === 1 ? unit.replace(/s$/, '') : unit}`);
  };
  range(s.minimum, s.maximum, '');
  if (s.exclusiveMinimum !== undefined) out.push(`greater than ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`less than ${s.exclusiveMaximum}`);
  range(s.minLength, s.maxLength, ' characters');
  range(s.minItems, s.maxItems, ' items');
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.enum && s.enum.length > 0) out.push(`one of ${s.enum.map(literal).join(', ')}`);
  if (s.default !== undefined) out.push(`default ${literal(s.default)}`);
  if (s.items && !hasChildren(s.items, components))
    for (const c of constraintsOf(s.items, components)) out.push(`each item: ${c}`);
  return out;
}

/**
 * The rows of every field of an object schema (or of an array / union of them), in document
 * order, children right after their parent.
 */
export function fieldRows(input: JsonSchema | undefined, components: SchemaComponents): FieldRow[] {
  if (!input) return [];
  const rows: FieldRow[] = [];
  walkChildren(input, '', 0, components, rows, new Set(), undefined);
  return rows;
}

function walkChildren(
  input: JsonSchema,
  prefix: string,
  depth: number,
  components: SchemaComponents,
  rows: FieldRow[],
  seen: Set<string>,
  variant: string | undefined,
): void {
  const ref = input.$ref;
  if (ref) {
    // A recursive schema stops at its second visit rather than looping.
    if (seen.has(ref)) return;
    seen = new Set(seen).add(ref);
  }
  const schema = resolveRef(input, components);
  if (schema.allOf)
    for (const part of schema.allOf) walkChildren(part, prefix, depth, components, rows, seen, variant);
  const union = branches(schema);
  if (union.list.length > 1) {
    union.list.forEach((branch, i) =>
      walkChildren(branch, prefix, depth, components, rows, seen, `${i + 1} of ${union.list.length}`),
    );
    return;
  }
  if (union.list.length === 1) {
    walkChildren(union.list[0]!, prefix, depth, components, rows, seen, variant);
    return;
  }
  const { types } = typesOf(schema);
  if (types[0] === 'array' && schema.items) {
    walkChildren(schema.items, `${prefix}[]`, depth, components, rows, seen, variant);
    return;
  }
  const required = new Set(schema.required ?? []);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    rows.push(row(path, child, required.has(name), depth, components, variant));
    walkChildren(child, path, depth + 1, components, rows, seen, undefined);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && !schema.properties) {
    const path = prefix ? `${prefix}.{key}` : '{key}';
    const child = schema.additionalProperties;
    if (hasChildren(child, components)) {
      rows.push(row(path, child, false, depth, components, variant));
      walkChildren(child, path, depth + 1, components, rows, seen, undefined);
    }
  }
}

function hasChildren(input: JsonSchema, components: SchemaComponents): boolean {
  const s = resolveRef(input, components);
  if (s.properties || s.oneOf || s.anyOf || s.allOf) return true;
  if (s.items) return hasChildren(s.items, components);
  return false;
}

function row(
  name: string,
  input: JsonSchema,
  required: boolean,
  depth: number,
  components: SchemaComponents,
  variant?: string,
): FieldRow {
  const schema = resolveRef(input, components);
  const union = branches(schema);
  return {
    name,
    type: typeLabel(schema, components),
    required,
    nullable: typesOf(schema).nullable || union.nullable,
    description: schema.description ?? input.description ?? '',
    constraints: constraintsOf(schema, components),
    depth,
    ...(variant ? { variant } : {}),
  };
}
