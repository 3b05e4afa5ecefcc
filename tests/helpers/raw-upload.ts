/*
 * Requests written by hand over a socket, for the tests of clients that send slowly or hang up
 * halfway: the head goes out at once, the body as the test writes it.
 */
import net from 'node:net';

export const BOUNDARY = 'lexsite-upload-boundary';

/** A multipart body as a browser sends it. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}


export interface RawUpload {
  /** Writes more of the body. */
  write(bytes: Buffer): void;
  /** The status of the answer, once its head arrived. */
  status: Promise<number>;
  /** Everything answered so far. */
  answer(): string;
  /** Resolves once the server closed the connection. */
  closed: Promise<void>;
  close(): void;
}

/** A request whose head goes out at once and whose body the test writes as it likes (multipart unless `headers` name another Content-Type). */
export function rawUpload(base: string, path: string, body: Buffer, headers: Record<string, string> = {}): RawUpload {
  const url = new URL(path, base);
  const socket = net.connect({ host: url.hostname, port: Number(url.port) });
  socket.on('error', () => {});
  const received: Buffer[] = [];
  const status = new Promise<number>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString('latin1');
      const head = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (head && text.includes('\r\n\r\n')) resolve(Number(head[1]));
    });
    socket.on('close', () => reject(new Error('closed without an answer')));
  });
  status.catch(() => {});
  socket.write(
    [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      `Content-Length: ${body.length}`,
      'Accept: application/json',
      ...Object.entries({ 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers }).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n'),
  );
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { write: (bytes) => socket.write(bytes), status, answer: () => Buffer.concat(received).toString('utf8'), closed, close: () => socket.destroy() };
}

/** Resolves with the promise's value, or fails saying what did not happen in time. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
