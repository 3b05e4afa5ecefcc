import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { csvCell, parseCsv } from '../shared/csv.ts';
import { AppError, badRequest } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { assertObject } from '../shared/validation.ts';
import { MAX_HOPS, redirectSchema, targetKey } from './redirect-rules.ts';
import type { LivePathCheck, Redirect } from './redirect-service.ts';

/** What the CSV's import and export need of the redirects. */
interface CsvHost {
  list(): Promise<Redirect[]>;
  byFrom(from: string): Promise<Redirect | undefined>;
  forgetNotFound(paths: string[]): Promise<void>;
  changed(event: ChangeEvent): Promise<void>;
}

/** The redirects as a spreadsheet's CSV, out and in (all or none). */
export function createRedirectCsv(database: Database, { list, byFrom, forgetNotFound, changed }: CsvHost) {
  const { db } = database;
  return {
    /** The redirects as CSV (from,to,status), for a spreadsheet or another site. */
    async exportCsv(): Promise<string> {
      const rows = await list();
      return ['from,to,status', ...rows.map((row) => [csvCell(row.from), csvCell(row.to), String(row.status)].join(','))].join('\r\n') + '\r\n';
    },

    /**
     * Adds or changes the redirects of a CSV (from,to[,status]; a header line is allowed), all
     * or none: any bad line refuses the whole file, naming the line.
     */
    async importCsv(body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<{ created: number; updated: number }> {
      const csv = assertObject(body).csv;
      if (typeof csv !== 'string' || !csv.trim()) throw badRequest('Send the CSV text in "csv": one redirect per line, from,to,status');
      if (csv.length > 500_000) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The CSV is too large: at most 500 KB at once');
      const lines = parseCsv(csv, ',;').filter((cells) => cells.some((cell) => cell.trim()));
      if (lines.length && lines[0][0]?.trim().toLowerCase() === 'from') lines.shift();
      if (!lines.length) throw badRequest('The CSV has no redirects: one per line, from,to,status');
      if (lines.length > 2000) throw badRequest('At most 2000 redirects at once: split the file');
      const parsed: Array<z.output<typeof redirectSchema>> = [];
      const seen = new Set<string>();
      for (const [index, cells] of lines.entries()) {
        const [from = '', to = '', status = '301'] = cells.map((cell) => cell.trim().replace(/^'(?=[=+\-@])/, ''));
        const result = redirectSchema.safeParse({ from, to, status: Number(status) });
        if (!result.success) throw badRequest(`Line ${index + 1}: ${result.error.issues[0]?.message ?? 'check this line'}`);
        if (result.data.to.startsWith('/') && result.data.from === targetKey(result.data.to)) throw badRequest(`Line ${index + 1}: ${result.data.from} would redirect to itself`);
        if (seen.has(result.data.from)) throw badRequest(`Line ${index + 1}: ${result.data.from} appears twice`);
        if (await isLive(result.data.from)) throw badRequest(`Line ${index + 1}: ${result.data.from} is a live page; a redirect would hide it`);
        seen.add(result.data.from);
        parsed.push(result.data);
      }
      // A loop may close through the file's lines and the redirects already stored together.
      const targets = new Map(parsed.map((entry) => [entry.from, entry.to]));
      for (const [index, entry] of parsed.entries()) {
        let target = entry.to;
        for (let hop = 0; hop <= parsed.length + MAX_HOPS && target.startsWith('/'); hop += 1) {
          const key = targetKey(target);
          const next = targets.get(key) ?? (await byFrom(key))?.to;
          if (next === undefined) break;
          target = next;
          if (target.startsWith('/') && targetKey(target) === entry.from) throw badRequest(`Line ${index + 1}: ${entry.from} leads back to itself through other lines or stored redirects (a loop)`);
        }
      }
      let created = 0;
      let updated = 0;
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        for (const entry of parsed) {
          const existing = await trx.selectFrom('redirects').select('id').where('from_path', '=', entry.from).executeTakeFirst();
          if (existing) {
            updated += 1;
            await trx.updateTable('redirects').set({ to_path: entry.to, status: entry.status, automatic: false, updated_at: now, version: sql`version + 1` }).where('id', '=', existing.id).execute();
          } else {
            created += 1;
            await trx.insertInto('redirects').values({ id: newId(), created_at: now, updated_at: now, version: 1, from_path: entry.from, to_path: entry.to, status: entry.status, automatic: false }).execute();
          }
        }
      });
      await forgetNotFound(parsed.map((entry) => entry.from));
      await changed({ entity: 'redirects', action: 'update', id: '', actor, summary: `Redirects imported: ${created} new, ${updated} changed` });
      return { created, updated };
    },
  };
}


