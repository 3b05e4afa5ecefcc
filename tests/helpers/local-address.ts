import http from 'node:http';

export interface LocalResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * A request sent from another address of this machine (the whole 127.0.0.0/8 is local): what a
 * second visitor looks like to the server, without a proxy header anyone could write.
 */
export function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<LocalResponse> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' || Buffer.isBuffer(init.body) ? init.body : JSON.stringify(init.body);
  const headers = { ...(body !== undefined && typeof init.body === 'object' && !Buffer.isBuffer(init.body) ? { 'content-type': 'application/json' } : {}), ...init.headers };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: parsed });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
