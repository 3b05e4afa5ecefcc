import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/connection.ts';
import type { ResponseCache } from './response-cache.ts';

/* Loaded only with METRICS_TOKEN set (server/start.ts): prom-client adds about 70 ms to a start. */

/**
 * Prometheus metrics of one instance: requests by route and status, latency, the response cache,
 * the database pool and the background jobs, with Node's own (memory, event loop, GC).
 */
export function createMetrics(options: { database: Database; cache: ResponseCache }) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'lexsite_' });
  const requests = new Counter({ name: 'lexsite_http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers });
  const latency = new Histogram({
    name: 'lexsite_http_request_duration_seconds',
    help: 'Time from request to answer, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const cacheRequests = new Counter({ name: 'lexsite_response_cache_requests_total', help: 'Public reads answered from the response cache (hit) or rendered (miss)', labelNames: ['result'], registers });
  new Gauge({
    name: 'lexsite_response_cache_entries',
    help: 'Answers kept in the response cache',
    registers,
    collect() {
      this.set(options.cache.size());
    },
  });
  new Gauge({
    name: 'lexsite_db_pool_connections',
    help: 'Database connections of this instance by state (PostgreSQL pool; SQLite has one)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = options.database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const jobRuns = new Counter({ name: 'lexsite_job_runs_total', help: 'Background job runs by job and outcome (ok, failed, or skipped: another instance ran it)', labelNames: ['job', 'outcome'], registers });
  const jobDuration = new Histogram({ name: 'lexsite_job_duration_seconds', help: 'Duration of background job runs', labelNames: ['job'], buckets: [0.001, 0.01, 0.1, 1, 10, 60, 600], registers });
  const jobLastSuccess = new Gauge({ name: 'lexsite_job_last_success_timestamp_seconds', help: 'When each background job last ran without error (Unix time)', labelNames: ['job'], registers });

  const edgePurges = new Counter({ name: 'lexsite_edge_purges_total', help: 'Purge calls to the CDN or shared cache in front (EDGE_PURGE), by outcome (sent, failed)', labelNames: ['outcome'], registers });

  return {
    registry,
    edgePurges(outcome: 'sent' | 'failed', calls: number) {
      edgePurges.inc({ outcome }, calls);
    },
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    cache(result: 'hit' | 'miss') {
      cacheRequests.inc({ result });
    },
    job(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds?: number) {
      jobRuns.inc({ job, outcome });
      if (seconds !== undefined) jobDuration.observe({ job }, seconds);
      if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

