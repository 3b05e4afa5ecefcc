import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/* Real files of each kind a client may send, and a stand-in for clamd that speaks its protocol. */

/** A ZIP with stored (uncompressed) entries, as real tools read it: local headers, a central directory, its end. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const SAMPLE = {
  pdf: (text = 'Ijara shartnomasi') => Buffer.from(`%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`),
  docx: () => storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Shartnoma</w:t></w:r></w:p></w:body></w:document>' }),
  xlsx: () => storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>' }),
  png: () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer(),
  jpeg: () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } }).jpeg().toBuffer(),
};

/** The EICAR test string: every virus scanner reports it, and it harms nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/**
 * A stand-in for clamd on a Unix socket: INSTREAM (zINSTREAM\0, chunks each after its length as
 * 4 bytes big-endian, a chunk of length 0 at the end), answered "stream: OK\0" or
 * "stream: Eicar-Test-Signature FOUND\0" when the bytes hold the EICAR string.
 */
export async function startClamd(): Promise<{ socket: string; scanned: () => number; close: () => Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clamd-'));
  const socket = path.join(folder, 'clamd.ctl');
  let scanned = 0;
  const server = net.createServer((connection) => {
    let buffer = Buffer.alloc(0);
    let command = false;
    const chunks: Buffer[] = [];
    connection.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!command) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        if (buffer.subarray(0, end).toString() !== 'zINSTREAM') {
          connection.end('UNKNOWN COMMAND\0');
          return;
        }
        command = true;
        buffer = buffer.subarray(end + 1);
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          scanned += 1;
          const body = Buffer.concat(chunks);
          connection.end(body.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          return;
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    scanned: () => scanned,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(folder, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
