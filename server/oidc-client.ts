import * as client from 'openid-client';
import type { OidcConfig } from './config.ts';

/** What a sign-in in flight keeps on the server until the provider sends the browser back. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The firm's OpenID Connect provider through `openid-client`: discovery (once, then kept), the
 * authorization address with PKCE (S256), state and nonce, and the code grant, whose ID token the
 * library verifies (signature against the provider's keys, issuer, audience, expiry, nonce) and
 * whose state and PKCE it checks. An http issuer is only allowed as configured (a test's provider).
 */
export function createOidcClient(config: OidcConfig) {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, config.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        // A provider down at the first sign-in is asked again at the next one.
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    /** New secrets for one sign-in and the provider's address to send the browser to. */
    async start(): Promise<{ url: string; secrets: FlowSecrets }> {
      const secrets = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
      });
      return { url: url.href, secrets };
    },
    /** The provider's answer at the callback (`query`: its query string) → the verified ID token's claims. */
    async finish(query: string, secrets: FlowSecrets): Promise<Record<string, unknown>> {
      // The address the provider sent the browser to, as configured (never from the request's Host).
      const currentUrl = new URL(`${config.redirectUri}?${query}`);
      const tokens = await client.authorizationCodeGrant(await configuration(), currentUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
      return { ...tokens.claims() };
    },
  };
}
