import { listOperations, type OpenApiDocument, type Operation } from './openapi-document';

type Json = Record<string, unknown>;

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Descriptions are Markdown: keep their line breaks and show `code` as code; nothing else. */
const describe = (text: unknown) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** `#/components/schemas/Stats` → a link to the schema; inline schemas are described briefly. */
function schemaLabel(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '—';
  const { $ref, type, items, oneOf } = schema as Json;
  if (typeof $ref === 'string') {
    const name = $ref.split('/').at(-1)!;
    return $ref.includes('/schemas/') ? `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>` : escapeHtml(name);
  }
  if (type === 'array') return `array of ${schemaLabel(items)}`;
  if (Array.isArray(oneOf)) return oneOf.map(schemaLabel).join(' | ');
  return escapeHtml(Array.isArray(type) ? type.join(' | ') : (type ?? 'object'));
}

function jsonSchemaOf(content: unknown): unknown {
  return ((content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
}

function responseLabel(response: unknown, root: Json): string {
  let target = response as Json;
  if (typeof target?.$ref === 'string') {
    const name = target.$ref.split('/').at(-1)!;
    target = ((root.components as Json).responses as Json)[name] as Json;
  }
  return schemaLabel(jsonSchemaOf(target?.content));
}

function operationSection(operation: Operation, root: Json): string {
  const raw = operation.raw;
  const body = raw.requestBody as Json | undefined;
  const parameters = [...((raw.parameters as Json[]) ?? [])].map((p) => {
    const resolved = typeof p.$ref === 'string' ? (((root.components as Json).parameters as Json)[p.$ref.split('/').at(-1)!] as Json) : p;
    return `${escapeHtml(resolved.name)} (${escapeHtml(resolved.in)})`;
  });
  const responses = Object.entries((raw.responses as Json) ?? {})
    .map(([status, response]) => `<li><code>${escapeHtml(status)}</code> ${responseLabel(response, root)}</li>`)
    .join('');
  const access = operation.requiredRole ? `bearer token, ${escapeHtml(operation.requiredRole)}` : operation.requiresAuth ? 'bearer token' : operation.optionalAuth ? 'public, or bearer token' : 'public';
  return `<section class="op" id="op-${escapeHtml(operation.operationId)}">
  <h3><span class="method ${operation.method}">${operation.method.toUpperCase()}</span> <code>/api${escapeHtml(operation.path)}</code></h3>
  <p class="summary">${escapeHtml(operation.summary)} <span class="id">${escapeHtml(operation.operationId)}</span></p>
  ${raw.description ? `<p class="description">${describe(raw.description)}</p>` : ''}
  <dl>
    <dt>Access</dt><dd>${access}</dd>
    ${parameters.length ? `<dt>Parameters</dt><dd>${parameters.join(', ')}</dd>` : ''}
    ${body ? `<dt>Request body</dt><dd>${schemaLabel(jsonSchemaOf(body.content))}</dd>` : ''}
    <dt>Responses</dt><dd><ul>${responses}</ul></dd>
  </dl>
</section>`;
}

function schemaSection(name: string, schema: Json): string {
  const properties = Object.entries((schema.properties as Json) ?? {});
  const required = new Set((schema.required as string[]) ?? []);
  const rows = properties
    .map(([property, value]) => `<tr><td><code>${escapeHtml(property)}</code>${required.has(property) ? ' *' : ''}</td><td>${schemaLabel(value)}</td></tr>`)
    .join('');
  return `<section class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>
  ${rows ? `<table><thead><tr><th>Field</th><th>Type</th></tr></thead><tbody>${rows}</tbody></table>` : `<p>${schemaLabel(schema)}${Array.isArray(schema.enum) ? `: ${schema.enum.map(escapeHtml).join(', ')}` : ''}</p>`}</section>`;
}

/** A self-contained HTML reference of the contract (no script, no CDN): served at /api/docs. */
export function renderApiReferencePage(document: OpenApiDocument): string {
  const root = document.raw;
  const info = root.info as Json;
  const operations = listOperations(document);
  const schemas = Object.entries(((root.components as Json)?.schemas as Record<string, Json>) ?? {});
  const toc = operations
    .map((op) => `<li><a href="#op-${escapeHtml(op.operationId)}"><span class="method ${op.method}">${op.method.toUpperCase()}</span> ${escapeHtml(op.path)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#12303a;background:#f5fafb}
main{max-width:960px;margin:0 auto;padding:1.5rem}
h1{color:#0b6e79}a{color:#0b5f69}code{font-family:ui-monospace,monospace}
.op,.schema{background:#fff;border:1px solid #cfe3e6;border-radius:8px;padding:1rem;margin:1rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;padding:0 .4rem;color:#fff;font-size:.8rem;font-weight:700}
.get{background:#1d6fa5}.post{background:#197a4b}.put{background:#8a5a00}.delete{background:#a3262a}
.description{white-space:pre-line}.id{color:#4d6b72;font-family:ui-monospace,monospace;font-size:.85rem}
dt{font-weight:600}dd{margin:0 0 .5rem 1rem}ul{margin:0;padding-left:1.2rem}
table{border-collapse:collapse}td,th{border-bottom:1px solid #e1eef0;padding:.2rem .8rem .2rem 0;text-align:left}
</style></head>
<body><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.summary)} The machine-readable contract is <a href="/api/openapi.yaml">/api/openapi.yaml</a>.
Every error answers <code>{ "message": string }</code>.</p>
<h2>Operations</h2><ul>${toc}</ul>
${operations.map((op) => operationSection(op, root)).join('\n')}
<h2>Schemas</h2>
${schemas.map(([name, schema]) => schemaSection(name, schema)).join('\n')}
</main></body></html>`;
}
