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
  if (cutOffRequests.has(request)) {
    reply.header('connection', 'close');
    return;
  }
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

/** Uploads stopped for their pace (server/intake/upload-places.ts): the rest of their body is not waited for. */
const cutOffRequests = new WeakSet<IncomingMessage>();

/** Marks a request whose body is read no further: its answer goes out at once and closes the connection. */
export function cutOff(request: IncomingMessage): void {
  cutOffRequests.add(request);
}

/** Requests refused from their address alone (an unknown upload link): answered before their body is read. */
const answeredAtOnce = new WeakSet<IncomingMessage>();

/**
 * Marks a request whose answer goes out at once, while its client may still be sending: the
 * answer is not held back until the body has arrived (nothing of it is needed to refuse).
 */
export function answerAtOnce(request: IncomingMessage): void {
  answeredAtOnce.add(request);
}

/**
 * After an answer sent at once: the rest of the body is read and dropped (Node does so once the
 * answer is out, and keeps the connection), so the client reads the answer instead of a reset; a
 * body beyond the limits is not waited for, its connection is closed. Answers whether the request was marked.
 */
export function lingerAfterAnswer(request: IncomingMessage, reply: FastifyReply): boolean {
  if (!answeredAtOnce.has(request)) return false;
  const socket = request.socket;
  const readBefore = socket.bytesRead;
  reply.raw.once('finish', () => {
    if (request.complete || request.destroyed) return;
    // An injected request (tests, light-my-request) has a socket that cannot be destroyed: nothing to close then.
    const close = () => {
      if (typeof socket.destroy === 'function') socket.destroy();
    };
    const timer = setTimeout(close, DRAIN_TIMEOUT_MS);
    timer.unref();
    const onData = () => {
      if (socket.bytesRead - readBefore > DRAIN_LIMIT_BYTES) close();
    };
    const done = () => {
      clearTimeout(timer);
      request.off('data', onData);
    };
    request.on('data', onData);
    request.once('end', done);
    request.once('close', done);
  });
  return true;
}
