import { SMTPServer } from 'smtp-server';
import { freePort } from './processes.ts';

/** A message as the SMTP server received it: its headers (unfolded) and its parts' text, decoded. */
export interface ReceivedMail {
  raw: string;
  to: string;
  headers: Record<string, string>;
  /** Every quoted-printable or plain part, decoded to text, one after the other. */
  body: string;
}

/** Quoted-printable to text: soft line breaks removed, =XX bytes read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < joined.length; at++) {
    if (joined[at] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(at + 1, at + 3))) {
      bytes.push(Number.parseInt(joined.slice(at + 1, at + 3), 16));
      at += 2;
    } else bytes.push(...Buffer.from(joined[at], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(raw: string): ReceivedMail {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const decode = (encoding: string, content: string) => (/base64/i.test(encoding) ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') : /quoted-printable/i.test(encoding) ? decodeQuotedPrintable(content) : content);
  const rest = raw.slice(head.length).replace(/^\r?\n\r?\n/, '');
  // One part: the message's own encoding; several: each part's.
  const body = /multipart\//i.test(headers['content-type'] ?? '')
    ? rest
        .split(/\r?\n--[^\r\n]+/)
        .map((part) => {
          const [partHead, ...content] = part.split(/\r?\n\r?\n/);
          return decode(partHead, content.join('\n\n'));
        })
        .join('\n')
    : decode(headers['content-transfer-encoding'] ?? '', rest);
  return { raw, to: headers.to ?? '', headers, body };
}

/** A real SMTP server (smtp-server from npm) on 127.0.0.1 that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let message = '';
      stream.on('data', (chunk) => (message += chunk));
      stream.on('end', () => {
        received.push(parse(message));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages to this address so far. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
