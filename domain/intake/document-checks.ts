import { AppError, validationError } from '../shared/errors.ts';
import { decryptedFrom } from './document-crypto.ts';
import { fileTooLarge, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, type Arriving, type Checked, type IntakeHost, type ScanResult } from './documents.ts';
import { claimedType, DOCUMENT_TYPES, type DocumentType } from './file-types.ts';

/** The checks every arriving file passes before anything is stored; an infected file is written in the activity log. */
export function createDocumentChecks(host: Pick<IntakeHost, 'key' | 'scan' | 'log' | 'record'>) {
  const fileProblem = (index: number, message: string, params: Record<string, string | number>) => validationError([{ path: `files.${index}`, message, code: 'invalid', params }]);

  /**
   * Every check a file must pass, before anything is stored: its type by its bytes (and its name
   * agreeing), its size, and clamd when connected. `allowed` narrows the types (a CV: PDF or Word).
   */
  async function check(files: Arriving[], allowed: readonly DocumentType[] = Object.keys(DOCUMENT_TYPES) as DocumentType[], contactId = ''): Promise<Checked[]> {
    if (files.length === 0) throw validationError([{ path: 'files', message: 'Choose at least one file to send.', code: 'required' }]);
    if (files.length > MAX_DOCUMENTS) throw validationError([{ path: 'files', message: `Send at most ${MAX_DOCUMENTS} files at a time.`, code: 'too_many', params: { max: MAX_DOCUMENTS } }]);
    const checked: Checked[] = [];
    for (const [index, file] of files.entries()) {
      const { name, sniffed: type } = file;
      const kinds = allowed.map((type) => DOCUMENT_TYPES[type].extensions[0].toUpperCase()).join(', ');
      if (file.size > MAX_DOCUMENT_BYTES) throw fileTooLarge(index, name);
      if (file.size === 0) throw fileProblem(index, `“${name}” is empty.`, { name });
      const claimed = claimedType(name);
      if (!type || !allowed.includes(type)) throw fileProblem(index, `“${name}” is not one of the accepted kinds (${kinds}).`, { name, kinds });
      if (claimed !== type) throw fileProblem(index, `“${name}” is not what its name says: its contents are ${type.toUpperCase()}. Rename it or send the right file.`, { name, kinds });
      checked.push({ ...file, type, scan: 'not_scanned' });
    }
    if (host.scan) {
      const key = await host.key();
      for (const [index, file] of checked.entries()) {
        let result: ScanResult;
        try {
          result = await host.scan(decryptedFrom(file.file, key));
        } catch (error) {
          host.log.warn({ err: error }, 'the virus scanner (clamd) did not answer');
          throw new AppError(503, 'UNAVAILABLE', 'The files could not be checked for viruses just now. Nothing was kept: please try again in a few minutes.');
        }
        if (!result.clean) {
          host.log.warn({ signature: result.signature, name: file.name, contactId }, 'an infected file was refused');
          // Staff see it on the dashboard's activity (with the request it was sent for).
          await host.record({ entity: 'contacts', action: 'refuse', id: contactId, summary: `“${file.name}” (${result.signature})${contactId ? ` for request ${contactId}` : ' with an application'}` });
          throw new AppError(422, 'VALIDATION_ERROR', `“${file.name}” contains a virus (${result.signature}) and was refused. Nothing was kept.`, {
            details: [{ path: `files.${index}`, message: `“${file.name}” contains a virus and was refused.`, code: 'invalid', params: { name: file.name, virus: result.signature } }],
          });
        }
        file.scan = 'clean';
      }
    }
    return checked;
  }

  return check;
}
