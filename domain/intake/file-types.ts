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

/** The names inside a ZIP (an Office file is one), from its local headers: at most the first 2,000. */
function zipEntries(data: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at + 30 <= data.length && names.length < 2000; ) {
    if (data.readUInt32LE(at) !== 0x04034b50) break;
    const flags = data.readUInt16LE(at + 6);
    const compressed = data.readUInt32LE(at + 18);
    const nameLength = data.readUInt16LE(at + 26);
    const extraLength = data.readUInt16LE(at + 28);
    names.push(data.toString('utf8', at + 30, at + 30 + nameLength));
    // A size written after the data (bit 3) is not known here: the names read so far must do.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressed;
  }
  return names;
}

/** The type the bytes show, or undefined for anything else. */
export function sniffDocument(data: Buffer): DocumentType | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.subarray(0, 8).equals(PNG)) return 'png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 4).equals(ZIP)) {
    // An Office file is a ZIP whose parts say which: word/… or xl/… (any other ZIP is refused).
    const entries = zipEntries(data);
    if (entries.some((name) => name.startsWith('word/'))) return 'docx';
    if (entries.some((name) => name.startsWith('xl/'))) return 'xlsx';
  }
  return undefined;
}

/** The type a file name claims by its extension. */
export function claimedType(name: string): DocumentType | undefined {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  if (!extension) return undefined;
  return (Object.keys(DOCUMENT_TYPES) as DocumentType[]).find((type) => (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extension));
}

/**
 * A file name safe to keep and to send back in Content-Disposition: no folders, no control
 * characters, at most 150 characters (its extension kept).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (clean.length <= 150) return clean || 'file';
  const extension = /\.[a-z0-9]{1,5}$/i.exec(clean)?.[0] ?? '';
  return clean.slice(0, 150 - extension.length) + extension;
}
