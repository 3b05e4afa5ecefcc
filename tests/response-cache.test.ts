import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createResponseCache, serveFromCache, type CachedResponse } from '../server/http/response-cache.ts';

/* The page cache stays within its bounds: entries and bytes (compressed copies included), least recently used out first. */

const entry = (bytes: number): CachedResponse => ({ body: Buffer.alloc(bytes, 'a'), etag: `W/"${bytes}"`, headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('the response cache', () => {
  it('keeps at most its number of entries and its bytes, dropping the least recently used first', () => {
    const cache = createResponseCache({ maxEntries: 3, maxBytes: 10_000, maxEntryBytes: 6_000 });
    cache.set('/a', entry(3_000), cache.generation());
    cache.set('/b', entry(3_000), cache.generation());
    cache.set('/c', entry(3_000), cache.generation());
    expect(cache.bytes()).toBe(9_000);
    cache.get('/a');
    cache.set('/d', entry(3_000), cache.generation());
    // Over 10,000 bytes: /b, least recently used, went; /a was read and stays.
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c'), cache.get('/d')].map(Boolean)).toEqual([true, false, true, true]);
    expect(cache.bytes()).toBe(9_000);
    cache.set('/e', entry(100), cache.generation());
    cache.set('/f', entry(100), cache.generation());
    expect(cache.size()).toBe(3);
    expect(cache.bytes()).toBeLessThanOrEqual(10_000);
  });

  it('lets visitors waiting for a page go as soon as its answer is kept, not when a slow visitor has downloaded it', async () => {
    const cache = createResponseCache();
    // The first visitor's answer: its connection stays open (a phone on a slow network).
    const slow = new EventEmitter() as unknown as ServerResponse;
    expect(cache.answering('/ru/faq', slow)).toBeUndefined();
    const waiting = cache.answering('/ru/faq', new EventEmitter() as unknown as ServerResponse)!;
    let released = false;
    void waiting.then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    cache.set('/ru/faq', entry(100), cache.generation());
    await waiting;
    expect(released).toBe(true);
    // Kept and released: the next miss for it (after a write) is answered anew, not waited for.
    expect(cache.answering('/ru/faq', new EventEmitter() as unknown as ServerResponse)).toBeUndefined();
    // An answer that is not kept lets its waiters go when it is sent.
    const unkept = new EventEmitter() as unknown as ServerResponse;
    expect(cache.answering('/api/health', unkept)).toBeUndefined();
    const other = cache.answering('/api/health', new EventEmitter() as unknown as ServerResponse)!;
    (unkept as unknown as EventEmitter).emit('close');
    await other;
  });

  it('does not keep an answer larger than one entry may be, and replaces an entry without counting it twice', () => {
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 100_000, maxEntryBytes: 5_000 });
    cache.set('/huge', entry(5_001), cache.generation());
    expect(cache.get('/huge')).toBeUndefined();
    cache.set('/page', entry(4_000), cache.generation());
    cache.set('/page', entry(2_000), cache.generation());
    expect(cache.bytes()).toBe(2_000);
    cache.clear();
    expect([cache.size(), cache.bytes()]).toEqual([0, 0]);
  });

  it('counts the compressed copies it makes when serving, and keeps nothing stored before a write', () => {
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 100_000 });
    const started = cache.generation();
    cache.clear();
    cache.set('/stale', entry(2_000), started);
    expect(cache.get('/stale')).toBeUndefined();
    const page = { ...entry(20_000), body: Buffer.from('<p>Adliya Partners</p>'.repeat(1_000)) };
    cache.set('/ru', page, cache.generation());
    const before = cache.bytes();
    let sent: Buffer | undefined;
    const response = { writeHead: () => response, end: (body?: Buffer) => void (sent = body) } as unknown as ServerResponse;
    const request = { method: 'GET', url: '/ru', headers: { 'accept-encoding': 'gzip, br' } } as unknown as IncomingMessage;
    expect(serveFromCache(cache, request, response)).toBe(true);
    expect(sent?.length).toBe(page.br?.length);
    expect(cache.bytes()).toBe(before + page.br!.length);
  });

  it('sends each hit its own request id with the headers made once per kind: a 304, the body as it is, brotli, gzip', () => {
    const cache = createResponseCache();
    const page: CachedResponse = { body: Buffer.from('<p>Adliya Partners</p>'.repeat(100)), etag: 'W/"page"', headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Cookie', 'x-frame-options': 'DENY' } };
    cache.set('/ru', page, cache.generation());
    const serve = (headers: Record<string, string>) => {
      const written: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
      const response = {
        writeHead: (status: number, list: string[]) => {
          written.status = status;
          written.headers = {};
          for (let at = 0; at < list.length; at += 2) written.headers[list[at]] = list[at + 1];
        },
        end: (body?: Buffer) => void (written.body = body),
      } as unknown as ServerResponse;
      expect(serveFromCache(cache, { method: 'GET', url: '/ru', headers } as unknown as IncomingMessage, response)).toBe(true);
      return written;
    };
    const plain = serve({ 'x-request-id': 'first' });
    expect(plain).toMatchObject({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY', vary: 'Cookie, Accept-Encoding', 'x-cache': 'hit', 'x-request-id': 'first', 'content-length': String(page.body.length) } });
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).toBe(page.body);
    const again = serve({ 'x-request-id': 'second' });
    expect(again.headers!['x-request-id']).toBe('second');
    expect(Object.keys(again.headers!)).toEqual(Object.keys(plain.headers!));
    const br = serve({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'content-length': String(page.br!.length), vary: 'Cookie, Accept-Encoding' });
    expect(br.headers!['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const gzip = serve({ 'accept-encoding': 'gzip' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-length': String(page.gzip!.length) });
    const notModified = serve({ 'if-none-match': 'W/"page"', 'x-request-id': 'third' });
    expect(notModified).toMatchObject({ status: 304, headers: { vary: 'Cookie', 'x-cache': 'hit', 'x-request-id': 'third' }, body: undefined });
    expect(notModified.headers).not.toHaveProperty('content-length');
    // The kept lists hold no request id of an earlier hit.
    expect(Object.values(page.sent!).flat()).not.toContain('first');
  });
});
