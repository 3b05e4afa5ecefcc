/*
 * What a client's file is, read from its bytes (never from its name or the browser's word): PDF,
 * Word (DOCX), Excel (XLSX), JPEG or PNG. A name that says one thing while the bytes say another
 * (a program called contract.pdf) is refused.
 */

export const DOCUMENT_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

/** A ZIP's names beyond this many are not looked at (an Office file names its kind among the first). */
const MAX_ZIP_NAMES = 2000;

/**
 * What a file is, read from its bytes as they arrive (a 25 MB file is never held whole): the first
 * bytes, and for a ZIP the names of its local headers, the data between them skipped.
 */
export function documentSniffer() {
  let head = Buffer.alloc(0);
  // The first bytes until there are four: a ZIP's walk starts from the very first.
  let early = Buffer.alloc(0);
  let zip: 'unknown' | 'walking' | 'done' | 'none' = 'unknown';
  // Bytes of the local header being read, and how many bytes of an entry's data are still to skip.
  let pending = Buffer.alloc(0);
  let skip = 0;
  const names: string[] = [];

  function walk(chunk: Buffer) {
    let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    while (zip === 'walking') {
      if (skip > 0) {
        const skipped = Math.min(skip, data.length);
        skip -= skipped;
        data = data.subarray(skipped);
        if (skip > 0) return;
      }
      if (data.length < 30) break;
      if (data.readUInt32LE(0) !== 0x04034b50) {
        zip = 'done';
        break;
      }
      const nameLength = data.readUInt16LE(26);
      const extraLength = data.readUInt16LE(28);
      if (data.length < 30 + nameLength) break;
      names.push(data.toString('utf8', 30, 30 + nameLength));
      // A size written after the data (bit 3) is not known here: the names read so far must do.
      const name = names[names.length - 1];
      if (data.readUInt16LE(6) & 0x08 || names.length >= MAX_ZIP_NAMES || name.startsWith('word/') || name.startsWith('xl/')) {
        zip = 'done';
        break;
      }
      skip = 30 + nameLength + extraLength + data.readUInt32LE(18);
    }
    if (zip === 'walking') pending = Buffer.from(data);
  }

  return {
    push(chunk: Buffer) {
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      if (zip === 'unknown') {
        early = Buffer.concat([early, chunk]);
        if (early.length < 4) return;
        zip = early.subarray(0, 4).equals(ZIP) ? 'walking' : 'none';
        if (zip === 'walking') walk(early);
        early = Buffer.alloc(0);
        return;
      }
      if (zip === 'walking') walk(chunk);
    },
    /** The type the bytes showed, or undefined for anything else. */
    type(): DocumentType | undefined {
      if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
      if (head.subarray(0, 8).equals(PNG)) return 'png';
      if (head.length > 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
      // An Office file is a ZIP whose parts say which: word/… or xl/… (any other ZIP is refused).
      if (names.some((name) => name.startsWith('word/'))) return 'docx';
      if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
      return undefined;
    },
  };
}

/** The type a file name claims by its extension. */
export function claimedType(name: string): DocumentType | undefined {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  if (!extension) return undefined;
  return (Object.keys(DOCUMENT_TYPES) as DocumentType[]).find((type) => (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extension));
}

/**
 * Control characters, and the marks that turn text around (U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C): with them `evil\u202Egnp.pdf` would show as `evilfdp.png`.
 */
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to keep and to show or send back in Content-Disposition: no folders, no control
 * or direction characters, at most 150 characters (its extension kept).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(HIDDEN_CHARACTERS, '').replace(/["<>|:*?]/g, '').trim();
  if (clean.length <= 150) return clean || 'file';
  const extension = /\.[a-z0-9]{1,5}$/i.exec(clean)?.[0] ?? '';
  return clean.slice(0, 150 - extension.length) + extension;
}
