import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { AppServices } from './app-services.ts';

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Hands a request to React Router's server renderer. Page loaders reach the domain services
 * through the router context that app/entry.server.tsx exports as `servicesContext`, so the
 * renderer and this host share one context key.
 */
export function createSsrHandler(source: BuildSource, services: AppServices, mode: 'production' | 'development') {
  const loadBuild = typeof source === 'function' ? source : async () => source;
  const handle = createRequestHandler(loadBuild, mode);

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const build = await loadBuild();
    const { servicesContext, clientAddressContext } = build.entry.module as unknown as {
      servicesContext: RouterContext<AppServices>;
      clientAddressContext: RouterContext<string>;
    };
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(clientAddressContext, request.ip);

    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const response = await handle(new Request(url, { method: request.method, headers, signal: controller.signal }), context);

    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body as WebReadableStream));
  };
}
