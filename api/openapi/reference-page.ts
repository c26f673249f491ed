/**
 * `/api/reference`: the OpenAPI document as a page people read — each operation with its
 * summary, parameters, body fields and answers. Rendered from the document itself, so the
 * page cannot say something the document does not. Plain HTML, no scripts (the app's CSP).
 */
import type { OpenApiDocument } from './document';
import { escape, prose, SchemaFields, type Schema } from './schema-fields';

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function table(caption: string, head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const cells = (row: string[], tag: string) => `<tr>${row.map((cell) => `<${tag}>${cell}</${tag}>`).join('')}</tr>`;
  return `<table><caption>${caption}</caption><thead>${cells(head, 'th')}</thead><tbody>${rows.map((row) => cells(row, 'td')).join('')}</tbody></table>`;
}

function methodBadge(method: string): string {
  return `<span class="method method-${method}">${method.toUpperCase()}</span>`;
}

function operationSection(schemas: SchemaFields, method: string, path: string, op: Operation): string {
  const parameters = (op.parameters ?? []).map((parameter) => [
    `<code>${escape(parameter.name)}</code>`,
    escape(parameter.in),
    parameter.required ? 'yes' : 'no',
    escape(schemas.typeOf(parameter.schema)),
    parameter.description && parameter.description !== parameter.schema?.description
      ? `${prose(parameter.description)}; ${schemas.notes(parameter.schema)}`
      : schemas.notes(parameter.schema),
  ]);
  const body = op.requestBody?.content?.['application/json']?.schema;
  const fields = schemas
    .fields(body)
    .map((field) => [`<code>${escape(field.name)}</code>`, escape(field.type), field.required ? 'yes' : 'no', field.notes]);
  // A body-less action (heartbeat, claim) still says what it accepts.
  if (body && fields.length === 0) fields.push(['—', 'object', 'no', schemas.notes(body) || 'No fields.']);
  const bodyName = body?.$ref ? ` (${escape(body.$ref.split('/').pop()!)}${op.requestBody?.required ? '' : ', optional'})` : '';
  const answers = Object.entries(op.responses ?? {}).map(([status, response]) => {
    const media = Object.keys(response.content ?? {}).join(', ');
    return `<li><strong>${escape(status)}</strong> ${prose(response.description)}${media ? ` <span class="media">${escape(media)}</span>` : ''}</li>`;
  });
  return `<section class="operation" id="${escape(op.operationId ?? `${method}-${path}`)}">
<h3>${methodBadge(method)} <code>${escape(path)}</code></h3>
<p class="summary">${prose(op.summary)}</p>${op.description ? `\n<p>${prose(op.description)}</p>` : ''}
${table('Parameters', ['name', 'in', 'required', 'type', 'notes'], parameters)}
${table(`Body${bodyName}`, ['field', 'type', 'required', 'notes'], fields)}
<ul class="answers">${answers.join('')}</ul>
</section>`;
}

export function renderReference(document: OpenApiDocument): string {
  const schemas = new SchemaFields(document);
  const sections = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      sections.set(tag, [...(sections.get(tag) ?? []), operationSection(schemas, method, path, op)]);
      const link = `<li><a href="#${escape(op.operationId ?? '')}">${methodBadge(method)} ${escape(path)}</a></li>`;
      contents.set(tag, [...(contents.get(tag) ?? []), link]);
    }
  }
  const toc = [...contents]
    .map(([tag, links]) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a><ul>${links.join('')}</ul></li>`)
    .join('');
  const main = [...sections].map(
    ([tag, operations]) => `<section id="tag-${escape(tag)}"><h2>${escape(tag)}</h2>${operations.join('\n')}</section>`,
  );
  const { info } = document;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<link rel="stylesheet" href="/api/reference.css">
</head>
<body>
<header>
<h1>${escape(info.title)} reference</h1>
<p>${prose(info.description)}</p>
<p>Authenticate with <code>Authorization: Bearer &lt;token&gt;</code>, or the web session cookie. The machine-readable document is <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI ${escape(document.openapi)}, behind the same authentication).</p>
</header>
<nav><h2>Operations</h2><ul>${toc}</ul></nav>
<main>
${main.join('\n')}
</main>
</body>
</html>
`;
}
