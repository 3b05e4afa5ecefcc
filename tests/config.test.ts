import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../server/config.ts';

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000', logLevel: 'info', demoContent: true, trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.memoryTargetBytes).toBe(384 * 1024 * 1024);
  });

  it('takes MEMORY_TARGET_MB as 0 (off) or 128 MB and more, and says so otherwise', () => {
    expect(loadConfig({ MEMORY_TARGET_MB: '0' }).memoryTargetBytes).toBe(0);
    expect(loadConfig({ MEMORY_TARGET_MB: '256' }).memoryTargetBytes).toBe(256 * 1024 * 1024);
    for (const value of ['100', '1.5', 'lots']) {
      expect(() => loadConfig({ MEMORY_TARGET_MB: value })).toThrow(`Invalid configuration: MEMORY_TARGET_MB must be a whole number of megabytes: 0 (off), or from 128 to 65536 (got "${value}").`);
    }
  });

  it('stops with one clear line per bad variable, naming it and what is allowed', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DEMO_CONTENT: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      expect(lines).toEqual([
        'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty").',
        'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
        'Invalid configuration: DEMO_CONTENT must be true or false (got "maybe").',
      ]);
    }
  });

  it('never repeats a secret in its error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(/^Invalid configuration: DATABASE_URL must be a PostgreSQL URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://u:hunter2@replica/x' })).toThrow(/DATABASE_REPLICA_URL is a replica of the PostgreSQL database in DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', DATABASE_REPLICA_URL: 'mysql://u:hunter2@replica/x' })).toThrow(/DATABASE_REPLICA_URL must be the PostgreSQL URL of a streaming replica/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', DATABASE_REPLICA_URL: 'mysql://u:hunter2@replica/x' })).not.toThrow(/hunter2/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', DATABASE_REPLICA_URL: 'postgres://u:p@replica/x', REPLICA_MAX_LAG_SECONDS: '10' }).replica).toEqual({ url: 'postgres://u:p@replica/x', readAfterWriteSeconds: 5, maxLagSeconds: 10 });
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.uz', ADMIN_PASSWORD: 'short' })).not.toThrow(/short"/);
  });

  it('takes DKIM_DOMAIN, DKIM_SELECTOR and an RSA DKIM_PRIVATE_KEY together, and says what is wrong without showing the key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const good = { DKIM_DOMAIN: 'LawFirm.uz', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: rsa.replace(/\n/g, '\\n') };
    expect(loadConfig(good).dkim).toEqual({ domainName: 'lawfirm.uz', keySelector: 'mail2026', privateKey: rsa.trim() });
    expect(loadConfig({}).dkim).toBeUndefined();
    expect(() => loadConfig({ ...good, DKIM_SELECTOR: undefined })).toThrow('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together');
    expect(() => loadConfig({ ...good, DKIM_DOMAIN: 'https://lawfirm.uz' })).toThrow('Invalid configuration: DKIM_DOMAIN must be the domain the e-mails are sent from');
    expect(() => loadConfig({ ...good, DKIM_SELECTOR: 'mail 2026' })).toThrow('Invalid configuration: DKIM_SELECTOR must be a DNS label');
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const key of ['not a key', ed25519, rsa.slice(0, 200)]) {
      expect(() => loadConfig({ ...good, DKIM_PRIVATE_KEY: key })).toThrow(/^Invalid configuration: DKIM_PRIVATE_KEY must be an RSA private key in PEM[^"]*\.$/);
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.uz' })).toThrow('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  });

  it('accepts PostgreSQL and a public URL without a trailing slash', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/site', PUBLIC_URL: 'https://lawfirm.uz/', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgresql://u:p@127.0.0.1:5432/site');
    expect(config.publicUrl).toBe('https://lawfirm.uz');
    expect(config.port).toBe(8080);
  });
});
