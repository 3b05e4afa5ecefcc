import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../admin-context.tsx';
import { api } from '../api.ts';
import type { Resource } from '../resources.ts';

/*
 * Who else has a record open (API-4.md "Presence"): a heartbeat every 20 s says where this form's
 * focus is (field and language) and answers who else is there; "Edit anyway" asks them to stop, and
 * an answer naming who took over turns this form read-only.
 */

const HEARTBEAT = 20_000;

export const Editor = z.object({ _id: z.string(), name: z.string().nullish(), email: z.string().nullish(), since: z.string().nullish(), field: z.string().nullish(), lang: z.string().nullish() });
export type Editor = z.infer<typeof Editor>;
const TakenOver = z.union([z.object({ _id: z.string().nullish(), name: z.string().nullish(), at: z.string().nullish() }), z.string()]);
const Presence = z.object({ editors: z.array(Editor).default([]), takenOverBy: TakenOver.nullish() });

/** A person's name as the admin shows it (their e-mail when they have none). */
export const editorName = (editor: { name?: string | null; email?: string | null }) => editor.name || editor.email || '—';

/** Up to two initials of a name, for its avatar. */
export const initials = (name: string) =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export interface Focus {
  field?: string;
  lang?: string;
}

/** The heartbeat of one record's form: the others there, and who took over (if someone did). */
export function usePresence(resource: Resource, record: StoredRecord | undefined, focus: Focus) {
  const { user } = useAdmin();
  const [editors, setEditors] = useState<Editor[]>([]);
  const [takenOver, setTakenOver] = useState<{ name: string; at: string } | null>(null);
  const where = useRef(focus);
  where.current = focus;
  const path = record ? `${resource.path}/${record._id}/presence` : '';
  const over = useRef(false);

  async function beat(takeOver = false) {
    if (!record || over.current) return;
    try {
      const body = { ...(where.current.field ? { field: where.current.field } : {}), ...(where.current.lang ? { lang: where.current.lang } : {}), ...(takeOver ? { takeOver: true } : {}) };
      const answer = Presence.safeParse((await api<unknown>(path, { method: 'POST', body })).data);
      if (!answer.success) return;
      setEditors(answer.data.editors.filter((editor) => editor._id !== user._id));
      const by = answer.data.takenOverBy;
      if (by && !takeOver) {
        over.current = true;
        void api(path, { method: 'DELETE' }).catch(() => undefined);
        setTakenOver(typeof by === 'string' ? { name: by, at: new Date().toISOString() } : { name: by.name || '—', at: by.at || new Date().toISOString() });
      }
    } catch {
      // Unreachable or refused: the next heartbeat tries again; the form says so through its autosave.
    }
  }

  useEffect(() => {
    if (!record) return;
    over.current = false;
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT);
    return () => {
      clearInterval(timer);
      if (!over.current) void api(path, { method: 'DELETE', keepalive: true }).catch(() => undefined);
    };
  }, [path]);

  // Where the focus is, said soon after it moves (not on every keystroke).
  useEffect(() => {
    if (!record) return;
    const timer = setTimeout(() => void beat(), 800);
    return () => clearTimeout(timer);
  }, [focus.field, focus.lang]);

  return { editors, takenOver, takeOver: () => beat(true) };
}

export type PresenceState = ReturnType<typeof usePresence>;
