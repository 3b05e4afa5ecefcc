import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import { cutOff } from '../http/drain.ts';

/*
 * Anonymous uploads (a client's documents through their link, a CV with an application) are read
 * a few at a time per instance, each within time limits, so that slow or vanished senders hold no
 * place for long and cannot stop the others. A request takes its place only after its link or its
 * vacancy was found open, and gives it back however it ends: answered, refused, timed out, or its
 * client gone (also while it waits).
 */

/** The limits a server is built with (tests pass shorter ones to startApplication). */
export const UPLOAD_LIMITS = {
  /** Bodies read at once on an instance (each streams to disk: a few kilobytes of memory). */
  atOnce: 8,
  /** Of them, from one address: a visitor's further uploads wait for their own earlier ones. */
  perAddress: 2,
  /** How long a request waits for a place before it is told to try again. */
  waitMs: 30_000,
  /** No byte of the body for this long: the connection is closed. */
  idleMs: 30_000,
  /** After this long, a body must have arrived at `minBytesPerSecond` on average (a 1-byte-a-second sender is dropped). */
  graceMs: 60_000,
  minBytesPerSecond: 8 * 1024,
  /** The whole body, however fast: 250 MB at 1.2 Mbit/s. */
  wholeMs: 30 * 60_000,
};
export type UploadLimits = typeof UPLOAD_LIMITS;

const busy = () =>
  new AppError(503, 'UNAVAILABLE', 'Many files are being sent to the firm just now. Nothing was kept: please send yours again in a minute.', { retryAfterSeconds: 60 });

const tooSlow = () =>
  new AppError(408, 'BAD_REQUEST', 'The files stopped arriving, or arrived too slowly, and sending was stopped. Nothing was kept: please send them again, on a steadier connection if you can.');

/** How long a cut-off reader has to end with the error before the connection is simply closed. */
const CUT_OFF_GRACE_MS = 5_000;

/** The places of one instance; `take` answers a `release` to call once the upload is over (calling it twice does nothing). */
export function uploadPlaces(limits: UploadLimits = UPLOAD_LIMITS) {
  let taken = 0;
  const byAddress = new Map<string, number>();
  const waiting: Array<{ address: string; start: () => void }> = [];
  const fits = (address: string) => taken < limits.atOnce && (byAddress.get(address) ?? 0) < limits.perAddress;

  function occupy(address: string): () => void {
    taken += 1;
    byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      taken -= 1;
      const left = byAddress.get(address)! - 1;
      if (left) byAddress.set(address, left);
      else byAddress.delete(address);
      const next = waiting.findIndex((entry) => fits(entry.address));
      if (next >= 0) waiting.splice(next, 1)[0].start();
    };
  }

  return {
    limits,
    take(address: string, gone: AbortSignal): Promise<() => void> {
      if (gone.aborted) return Promise.reject(new Error('the client went away'));
      if (fits(address)) return Promise.resolve(occupy(address));
      return new Promise((resolve, reject) => {
        const stopWaiting = () => {
          clearTimeout(timer);
          gone.removeEventListener('abort', onGone);
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
        };
        const entry = {
          address,
          start: () => {
            stopWaiting();
            resolve(occupy(address));
          },
        };
        const onGone = () => {
          stopWaiting();
          reject(new Error('the client went away'));
        };
        const timer = setTimeout(() => {
          stopWaiting();
          reject(busy());
        }, limits.waitMs);
        gone.addEventListener('abort', onGone, { once: true });
        waiting.push(entry);
      });
    },
  };
}
export type UploadPlaces = ReturnType<typeof uploadPlaces>;

/**
 * Runs `work` (which reads the body) in a place, within the time limits. A body that stalls, or
 * arrives too slowly, is read no further: the reader (the multipart parser) ends with a 408, which
 * is answered while the client still listens, and the connection is then closed.
 */
export async function inUploadPlace<T>(places: UploadPlaces, request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  const { limits } = places;
  const raw = request.raw;
  const gone = new AbortController();
  // Before the answer, a closed response means the client went away.
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once('close', onClose);
  if (raw.destroyed || reply.raw.destroyed) gone.abort();
  let release: (() => void) | undefined;
  let whole: NodeJS.Timeout | undefined;
  let pace: NodeJS.Timeout | undefined;
  let hangUp: NodeJS.Timeout | undefined;
  const stop = (why: string) => {
    if (hangUp || raw.destroyed) return;
    request.log.warn({ reqId: request.id, why }, 'an upload was cut off');
    cutOff(raw);
    raw.unpipe();
    raw.pause();
    // A reader that does not end with the error (none is reading just now) ends when its connection closes.
    hangUp = setTimeout(() => raw.destroy(new Error(why)), CUT_OFF_GRACE_MS);
    if (raw.listenerCount('error')) raw.emit('error', tooSlow());
    else raw.destroy(new Error(why));
  };
  try {
    release = await places.take(request.ip, gone.signal);
    const socket = raw.socket;
    const started = Date.now();
    const readBefore = socket.bytesRead;
    raw.setTimeout(limits.idleMs, () => stop(`no data for ${limits.idleMs / 1000} s`));
    // Once the whole body is in, the checks may take their time: only reading is timed.
    raw.once('end', () => {
      socket.setTimeout(0);
      clearTimeout(whole);
      clearInterval(pace);
    });
    whole = setTimeout(() => stop('the body took too long'), limits.wholeMs);
    pace = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= limits.graceMs && socket.bytesRead - readBefore < (elapsed / 1000) * limits.minBytesPerSecond) stop('the body arrives too slowly');
    }, Math.min(10_000, limits.graceMs));
    return await work();
  } finally {
    clearTimeout(whole);
    clearInterval(pace);
    clearTimeout(hangUp);
    raw.socket?.setTimeout(0);
    reply.raw.off('close', onClose);
    release?.();
  }
}
