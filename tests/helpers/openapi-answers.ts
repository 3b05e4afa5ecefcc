import Ajv2020 from 'ajv/dist/2020.js';

/* What a real answer says that the OpenAPI document does not (the drift test and the permission test). */

export type Json = Record<string, unknown>;
export interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, Json>; security?: unknown[] }>>;
  components: { responses: Record<string, Json> };
}

/** `/news/{id}` as a pattern of a path; more literal segments sort first (`/news/search` before `/news/{id}`). */
function pathMatcher(document: OpenApi) {
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\/\{path\}$/, '/.+').replace(/\{[^}]+\}/g, '[^/]+')}$`), params: (template.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);
  return (path: string) => templates.find((candidate) => candidate.pattern.test(path))?.template;
}

const pointer = (...parts: string[]) => '#/' + parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** What a call answered that its document does not say, or undefined. */
export function answerChecker(document: OpenApi) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document as unknown as Json, 'openapi.json');
  const match = pathMatcher(document);
  return function problem(method: string, url: string, status: number, contentType: string | null, body: unknown): string | undefined {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    const template = match(path);
    if (!template) return `${method} ${path}: no such path in the document`;
    const operation = document.paths[template][method.toLowerCase()];
    if (!operation) return `${method} ${template}: no such operation`;
    let answer = operation.responses[String(status)];
    if (!answer) return `${method} ${template} answered ${status}, which its operation does not list (${Object.keys(operation.responses).join(', ')})`;
    let at = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
    if (typeof answer.$ref === 'string') {
      const name = answer.$ref.split('/').pop()!;
      answer = document.components.responses[name];
      at = pointer('components', 'responses', name);
    }
    const content = answer.content as Record<string, unknown> | undefined;
    if (!content) return status === 204 || body === undefined ? undefined : `${method} ${template} ${status}: a body where none is documented`;
    const type = (contentType ?? '').split(';')[0].trim();
    if (!content[type]) return `${method} ${template} ${status}: content type ${type} is not documented (${Object.keys(content).join(', ')})`;
    if (type !== 'application/json') return undefined;
    const validate = ajv.getSchema(`openapi.json${at}/content/application~1json/schema`) ?? ajv.compile({ $ref: `openapi.json${at}/content/application~1json/schema` });
    if (validate(body)) return undefined;
    return `${method} ${template} ${status}: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}`;
  };
}

