import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test's provider: their claims as the firm's directory would give them. */
export interface DirectoryPerson {
  email: string;
  name: string;
  groups: string[];
  emailVerified?: boolean;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with one confidential client, its
 * development login form (any password) and consent, and a directory the test changes (a person
 * moved out of a group). Its ID tokens carry email and groups, as Entra ID's do when configured.
 */
export async function startTestProvider(redirectUri: string, directory: Map<string, DirectoryPerson>) {
  let handler: http.RequestListener = (_request, response) => response.end();
  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { clientId: 'lexsite-admin', clientSecret: 'a-client-secret-for-the-tests-only' };
  const provider = new Provider(issuer, {
    clients: [{ client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    scopes: ['openid', 'email', 'profile'],
    // The claims in the ID token itself (as Entra ID puts groups there), not only at userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_context, sub) {
      return {
        accountId: sub,
        async claims() {
          const person = directory.get(sub);
          return person ? { sub, email: person.email, email_verified: person.emailVerified ?? true, name: person.name, groups: person.groups } : { sub };
        },
      };
    },
  });
  provider.on('server_error', (_context, error) => console.error('oidc-provider', error));
  handler = provider.callback();
  return {
    issuer,
    ...client,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A browser's way through redirects and the provider's forms, with cookies per host: what a person
 * does by clicking "Sign in with…", typing their login and pressing Continue. `rewrite` maps the
 * site's public address (PUBLIC_URL) to where the test's app listens.
 */
export function createBrowser(rewrite: { from: string; to: string }) {
  const jar = new Map<string, Map<string, string>>();
  const cookiesFor = (url: URL) => [...(jar.get(url.host) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (url: URL, response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const cookies = jar.get(url.host) ?? new Map<string, string>();
      const value = rest.join('=');
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value);
      jar.set(url.host, cookies);
    }
  };
  const local = (address: string) => (address.startsWith(rewrite.from) ? rewrite.to + address.slice(rewrite.from.length) : address);

  /** One request as a browser sends it (no redirect followed). */
  async function request(address: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const url = new URL(local(address));
    const headers: Record<string, string> = { cookie: cookiesFor(url) };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
    keep(url, response);
    return { url, response, location: response.headers.get('location') ? new URL(response.headers.get('location')!, url).href : undefined };
  }

  return {
    request,
    /**
     * Follows redirects from `address`, filling the provider's login form as `login` and pressing
     * Continue on its consent, until the browser is sent to a URL for which `stop` is true (the
     * site's callback, or the admin's page): that address is answered, not requested.
     */
    async follow(address: string, login: string, stop: (url: string) => boolean): Promise<string> {
      let next: { address: string; method?: string; form?: Record<string, string> } = { address };
      for (let step = 0; step < 20; step += 1) {
        if (stop(next.address)) return next.address;
        const { url, response, location } = await request(next.address, next);
        if (location) {
          next = { address: location };
          continue;
        }
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form at ${url.href}: ${html.slice(0, 300)}`);
        next = { address: new URL(action, url).href, method: 'POST', form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt } };
      }
      throw new Error('too many redirects');
    },
  };
}
