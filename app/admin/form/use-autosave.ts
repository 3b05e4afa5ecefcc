import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../admin-context.tsx';
import { api, ApiError } from '../api.ts';
import { changedFields } from '../changes.ts';
import type { Resource } from '../resources.ts';
import type { FormState, Values } from './use-form-state.ts';

/*
 * Never losing an edit (API-4.md): what is typed is kept a few seconds after typing stops — on the
 * server for a record (its autosave, one per user and record, never a version), in this browser for
 * a new record and whenever the server cannot be reached — and offered back when the form opens.
 */

/** How long typing must stop before the server keeps it, and before the browser does. */
const AUTOSAVE_DELAY = 3000;
const LOCAL_DELAY = 400;
/** While the server cannot be reached, how often it is tried again. */
const RETRY_DELAY = 4000;

const Kept = z.object({ fields: z.record(z.string(), z.unknown()), baseVersion: z.number().nullish(), savedAt: z.string() });
type Kept = z.infer<typeof Kept>;

const localKey = (type: string, id: string | undefined) => `autosave:${type}:${id ?? 'new'}`;

function readLocal(key: string): Kept | null {
  try {
    const parsed = Kept.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeLocal(key: string, kept: Kept) {
  try {
    localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // A full storage keeps nothing more; the server's autosave still does.
  }
}

/** The server could not be reached (not an answer it gave). */
export const unreachable = (caught: unknown) => caught instanceof ApiError && caught.status === 0;

export type AutosaveStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string; local: boolean } | { kind: 'offline' };

interface AutosaveParts {
  resource: Resource;
  record: StoredRecord | undefined;
  form: FormState;
  /** The connection came back with a save still waiting for it: the form saves it (once). */
  onBack: () => void;
}

/** Autosave, the offer to restore it when the form opens, and the form's connection to the server. */
export function useAutosave({ resource, record, form, onBack }: AutosaveParts) {
  const { languages } = useAdmin();
  const key = localKey(resource.key, record?._id);
  const path = record ? `${resource.path}/${record._id}/autosave` : '';
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const [offer, setOffer] = useState<Kept | null>(null);
  const [restored, setRestored] = useState<Set<string>>(new Set());
  const [offline, setOffline] = useState(false);
  // A save pressed while the server could not be reached: made once, when it can be again.
  const waiting = useRef(false);
  const stopped = useRef(false);
  const latest = useRef({ values: form.values, version: form.version, dirty: form.dirty });
  latest.current = { values: form.values, version: form.version, dirty: form.dirty };
  const back = useRef(onBack);
  back.current = onBack;

  /** The record's own fields the form holds (not what the server counts or keeps about it). */
  const own = (values: Values): Values =>
    Object.fromEntries(
      Object.entries(values).filter(([name]) => {
        const field = resource.type.fields[name];
        return Boolean(field?.schema && !field.counter);
      }),
    );

  /** Sends what is typed to the server's autosave; false when the server could not be reached. */
  async function push(): Promise<boolean> {
    const now = new Date().toISOString();
    const { values, version } = latest.current;
    if (!record) {
      writeLocal(key, { fields: values, baseVersion: null, savedAt: now });
      setStatus({ kind: 'saved', at: now, local: true });
      return true;
    }
    setStatus({ kind: 'saving' });
    try {
      const saved = await api<{ savedAt?: string }>(path, { method: 'PUT', body: { fields: own(values), baseVersion: version ?? 0 } });
      localStorage.removeItem(key);
      setStatus({ kind: 'saved', at: saved.data.savedAt ?? now, local: false });
      reachable();
      return true;
    } catch (caught) {
      if (!unreachable(caught)) {
        // Answered (refused): the browser's copy stays; the form says nothing more.
        reachable();
        setStatus({ kind: 'idle' });
        return true;
      }
      writeLocal(key, { fields: values, baseVersion: version ?? null, savedAt: now });
      setOffline(true);
      setStatus({ kind: 'offline' });
      return false;
    }
  }

  /** The server answered: a save waiting for it is made now, once. */
  function reachable() {
    setOffline(false);
    if (waiting.current) {
      waiting.current = false;
      back.current();
    }
  }

  // Typing stopped: kept in the browser at once, on the server a few seconds later.
  useEffect(() => {
    if (!form.dirty || stopped.current) return;
    const local = setTimeout(() => {
      const savedAt = new Date().toISOString();
      writeLocal(key, { fields: form.values, baseVersion: form.version ?? null, savedAt });
      // A new record is kept only here: the line says so.
      if (!record) setStatus({ kind: 'saved', at: savedAt, local: true });
    }, LOCAL_DELAY);
    const server = record && !offline ? setTimeout(() => void push(), AUTOSAVE_DELAY) : undefined;
    return () => {
      clearTimeout(local);
      clearTimeout(server);
    };
  }, [form.values, form.dirty, offline]);

  // Offline: tried again every few seconds (and as soon as the browser says it is online again).
  useEffect(() => {
    if (!offline) return;
    // A record's autosave is the probe; a new record's form (kept only here) asks who is signed in.
    const retry = () => void (record ? push() : api('/auth/me').then(reachable, () => undefined));
    const timer = setInterval(retry, RETRY_DELAY);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [offline]);
  useEffect(() => {
    const lost = () => {
      setOffline(true);
      setStatus({ kind: 'offline' });
    };
    if (!navigator.onLine) lost();
    window.addEventListener('offline', lost);
    return () => window.removeEventListener('offline', lost);
  }, []);

  // Opened: an autosave newer than the record (or a new record's text kept in the browser) is offered back.
  useEffect(() => {
    let open = true;
    const local = readLocal(key);
    const server = record ? api<unknown>(`${path}?orNone=true`).then((found) => (found.data ? Kept.parse(found.data) : null), () => null) : Promise.resolve(null);
    void server.then((found) => {
      const newest = [found, local].filter((kept) => kept !== null).sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
      if (!open || !newest) return;
      const newer = !record || newest.savedAt > String(record.updatedAt ?? '');
      if (newer && differs(latest.current.values, newest.fields).length) setOffer(newest);
    });
    return () => {
      open = false;
    };
  }, [key]);

  const differs = (before: Values, after: Values) =>
    changedFields(
      before,
      after,
      languages.map((language) => language.code),
      resource.fields.map((field) => field.name),
    );

  function restore() {
    if (!offer) return;
    const fields = Object.fromEntries(Object.entries(offer.fields).filter(([name]) => resource.fields.some((field) => field.name === name)));
    setRestored(new Set(differs(form.values, fields).map((path) => path.split('.')[0])));
    form.setValues((current) => ({ ...current, ...fields }));
    // Kept on an older version: saving it goes through the conflict's side by side, never silently over newer changes.
    if (typeof offer.baseVersion === 'number' && form.version !== undefined && offer.baseVersion < form.version) form.setVersion(offer.baseVersion);
    form.setDirty(true);
    form.setJustSaved(false);
    setOffer(null);
  }

  /** Forgets what was kept (in the browser and on the server): discarded, or saved for real. */
  function forget() {
    setOffer(null);
    setRestored(new Set());
    setStatus({ kind: 'idle' });
    localStorage.removeItem(key);
    if (record) void api(path, { method: 'DELETE' }).catch(() => undefined);
  }

  /** Keeps what is typed now (the form is about to be read-only: someone took over), then stops. */
  async function keepAndStop() {
    if (latest.current.dirty) await push();
    stopped.current = true;
  }

  /** A save could not reach the server: kept here, made when it can be. */
  function saveWhenBack() {
    waiting.current = true;
    writeLocal(key, { fields: latest.current.values, baseVersion: latest.current.version ?? null, savedAt: new Date().toISOString() });
    setOffline(true);
    setStatus({ kind: 'offline' });
  }

  return { status, offer, restore, restored, discard: forget, saved: forget, offline, keepAndStop, saveWhenBack, newKey: localKey(resource.key, undefined) };
}

export type Autosave = ReturnType<typeof useAutosave>;
