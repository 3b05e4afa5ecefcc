import net from 'node:net';
import type { Scanner } from '../../domain/intake/documents.ts';

/*
 * A client of clamd (ClamAV's daemon) over its socket, INSTREAM command: the file is sent in
 * chunks, each after its length as 4 bytes (big-endian), ended by a chunk of length 0; clamd
 * answers "stream: OK" or "stream: <signature> FOUND" (or "... ERROR"), ended by a NUL byte.
 */

const CHUNK = 64 * 1024;
const TIMEOUT_MS = 60_000;

/** `/run/clamav/clamd.ctl` (a Unix socket) or `tcp://127.0.0.1:3310`. */
function connectTo(socket: string): net.NetConnectOpts {
  const tcp = /^tcp:\/\/([^:/]+):(\d+)$/.exec(socket);
  return tcp ? { host: tcp[1], port: Number(tcp[2]) } : { path: socket };
}

export function clamdScanner(socket: string): Scanner {
  return (data) =>
    new Promise((resolve, reject) => {
      const connection = net.createConnection(connectTo(socket));
      const answer: Buffer[] = [];
      connection.setTimeout(TIMEOUT_MS, () => connection.destroy(new Error('clamd did not answer in time')));
      connection.once('error', reject);
      connection.on('data', (chunk: Buffer) => {
        answer.push(chunk);
        if (chunk.includes(0)) connection.end();
      });
      connection.once('close', () => {
        const text = Buffer.concat(answer).toString('utf8').replace(/\0.*$/s, '').trim();
        if (/^stream: OK$/.test(text)) resolve({ clean: true });
        else if (/ FOUND$/.test(text)) resolve({ clean: false, signature: text.replace(/^stream: /, '').replace(/ FOUND$/, '').slice(0, 200) });
        else reject(new Error(`clamd answered: ${text.slice(0, 200) || 'nothing'}`));
      });
      connection.once('connect', () => {
        void send(connection, data).catch((error: unknown) => connection.destroy(error as Error));
      });
    });
}

/** The file's bytes as they are read (decrypted from the document store), in chunks of at most 64 KB. */
async function send(connection: net.Socket, data: AsyncIterable<Buffer>): Promise<void> {
  const write = (bytes: Buffer) =>
    connection.write(bytes)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            connection.off('drain', done);
            connection.off('close', done);
            resolve();
          };
          connection.once('drain', done);
          connection.once('close', done);
        });
  await write(Buffer.from('zINSTREAM\0'));
  for await (const piece of data) {
    for (let at = 0; at < piece.length; at += CHUNK) {
      // clamd answered early (a size over its StreamMaxLength) or went away: its answer says why.
      if (connection.destroyed || !connection.writable) return;
      const chunk = piece.subarray(at, at + CHUNK);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(chunk.length);
      connection.write(length);
      await write(chunk);
    }
  }
  if (connection.writable) connection.write(Buffer.alloc(4));
}
