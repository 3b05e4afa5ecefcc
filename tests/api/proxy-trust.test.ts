/* With TRUST_PROXY, only the configured proxies are believed: never a left-most X-Forwarded-For a visitor wrote. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const apps: TestApp[] = [];
async function clientAddress(trustProxy: string, forwardedFor?: string): Promise<string> {
  let app = apps.find((candidate) => candidate.services.config.trustProxy.toString() === loadConfig({ TRUST_PROXY: trustProxy }).trustProxy.toString());
  if (!app) {
    app = await startTestApp('sqlite', { env: { TRUST_PROXY: trustProxy }, extend: (fastify) => fastify.get('/api/test/address', async (request) => ({ ip: request.ip })) });
    apps.push(app);
  }
  return (await app.api('/api/test/address', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).body.ip;
}

describe('the client address behind proxies', () => {
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('believes no header without TRUST_PROXY', async () => {
    expect(await clientAddress('false', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('believes one proxy with TRUST_PROXY=true: the address that proxy saw, not what the visitor wrote before it', async () => {
    expect(await clientAddress('true', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('believes the configured number of hops', async () => {
    expect(await clientAddress('2', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await clientAddress('2', '203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('believes only listed proxy addresses', async () => {
    expect(await clientAddress('127.0.0.1,10.0.0.0/8', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await clientAddress('10.0.0.0/8', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY it cannot read, naming what is allowed', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY.*number of proxies/);
  });
});
