import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';

/** A refused request's remaining body is read (and dropped) up to this much before the connection is closed. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Reads what is left of a refused request, so that the client, still sending, gets our answer
 * instead of a reset connection (RFC 9112 section 9.6: a server that closes with unread data
 * makes the client's system drop the answer). A body beyond the limit, or one that stalls, is not
 * waited for: the answer then says `Connection: close` and the client may lose it.
 */
export async function drainRequest(request: IncomingMessage, reply: FastifyReply): Promise<void> {
  if (request.readableEnded || request.destroyed || request.complete) return;
  await new Promise<void>((resolve) => {
    let received = 0;
    const finish = (close: boolean) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onEnd);
      request.off('close', onEnd);
      if (close) reply.header('connection', 'close');
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) finish(true);
    };
    const onEnd = () => finish(false);
    const timer = setTimeout(() => finish(true), DRAIN_TIMEOUT_MS);
    request.unpipe();
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onEnd);
    request.once('close', onEnd);
    request.resume();
  });
}
