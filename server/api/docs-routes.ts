import type { FastifyInstance } from 'fastify';
import { route, routeCatalog } from '../http/route.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A readable page of every call, made from the same document (no external scripts). */
function renderDocsPage(document: OpenApiDocument): string {
  const rows: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations as Record<string, { summary?: string; security?: unknown; tags?: string[] }>)) {
      rows.push(`<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>/api${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td><td>${operation.security ? 'token' : 'public'}</td></tr>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1e293b}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;vertical-align:top}code{font-size:13px}.m{font-weight:700}.get{color:#15803d}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1, with every request schema).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Auth</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}

const DOCUMENT_ANSWER = { description: 'The OpenAPI 3.1 document', contentType: 'application/json', data: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' } } } };

export async function docsRoutes(app: FastifyInstance) {
  // Made once, from every route the app declared, at the first request (when every route is registered).
  let made: { document: OpenApiDocument; page: string } | undefined;
  const docs = () => {
    if (!made) {
      const document = buildOpenApiDocument(routeCatalog(app));
      made = { document, page: renderDocsPage(document) };
    }
    return made;
  };
  route(app, {
    method: 'GET',
    url: '/docs/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document: every call of the API, made from the routes’ own declarations',
    tags: ['System'],
    access: 'public',
    answers: { 200: DOCUMENT_ANSWER },
    errors: [],
    handler: async () => docs().document,
  });
  // One address, two representations chosen by Accept: not kept in the shared cache (it keys by
  // address alone), and Vary tells browsers and proxies the same.
  route(app, {
    method: 'GET',
    url: '/docs',
    operationId: 'getApiDocs',
    summary: 'A readable page of every call (HTML), or with Accept: application/json this document',
    tags: ['System'],
    access: 'public',
    answers: { 200: { description: 'The page', contentType: 'text/html', data: { type: 'string' } } },
    errors: [],
    options: { config: { cache: false } },
    handler: async (request, reply) => {
      reply.header('vary', 'Accept');
      if ((request.headers.accept ?? '').includes('application/json')) return docs().document;
      return reply.type('text/html; charset=utf-8').send(docs().page);
    },
  });
}
