/** A JSON Schema object (the input schema of a tool, or one of its properties). */
type JsonSchema = Record<string, unknown>;

/** One MCP tool: an API-key operation of the OpenAPI document and how its arguments become a request. */
export interface ToolOperation {
  /** The tool's name: the operation id in snake case (`detect_objects`). */
  name: string;
  title: string;
  description: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The path template, e.g. `/api/v1/collections/{name}/images`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level fields of the JSON body (sent as JSON, or as form fields beside an upload). */
  bodyFields: string[];
  /** File uploads of the multipart body: the tool's `argument` (a local path) fills form `field`. */
  uploads: { argument: string; field: string }[];
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[] };
}
