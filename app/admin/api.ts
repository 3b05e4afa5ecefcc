import type { Check } from '../../domain/checks/document-checks.ts';
import type { ConflictReason, ErrorDetail } from '../../domain/shared/errors.ts';

/* The admin area's one HTTP client: the bearer token from local storage, the API envelope, and a
 * 401 anywhere signs the user out and returns to the login page. */

const TOKEN_KEY = 'token';

export type FieldProblem = ErrorDetail;

interface FailureBody {
  success?: boolean;
  error?: string;
  code?: string;
  /** The field problems; a 409 stale_version's also carry the record as it is now (what the form merges with). */
  details?: unknown;
  reason?: ConflictReason;
  checks?: Check[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldProblem[];
  /** `details` as the server sent them (a stale version's `current`, `changedFields`, `changedBy`). */
  readonly raw: unknown;
  /** With 409: someone saved first (stale_version) or the value is taken (duplicate). */
  readonly reason?: ConflictReason;
  /** With 422 checks_failed: the errors that stop publishing. */
  readonly checks: Check[];
  constructor(message: string, status: number, body: FailureBody = {}) {
    super(message);
    this.status = status;
    this.code = body.code ?? '';
    this.details = Array.isArray(body.details) ? body.details : [];
    this.raw = body.details;
    this.reason = body.reason;
    this.checks = body.checks ?? [];
  }
}

export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
  pagination?: { page: number; limit: number; total: number; pages: number };
}

/** What a screen's clientLoader gives it: the data, or why it could not be read (said by `problem`, shown with a retry). */
export type Loaded<T> = { data: T; failed: false } | { data: null; failed: true; problem: unknown };

export async function loadScreen<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await read(), failed: false };
  } catch (caught) {
    return { data: null, failed: true, problem: caught };
  }
}

export const getToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

const RETURN_KEY = 'afterSignIn';
const isAdminPage = (path: string) => /^\/admin(\/(?!\/|login)[^\\]*)?$/.test(path);

/** Remembers, for this tab, the admin page asked for before sign-in (a link in the firm's e-mail opens a request). */
export function rememberPage(from: { pathname: string; search: string }) {
  const page = from.pathname + from.search;
  if (isAdminPage(page) && page !== '/admin') sessionStorage.setItem(RETURN_KEY, page);
}

/** Where sign-in goes on: the page remembered (once, and only one of the admin's own), else the dashboard. */
export function afterSignIn(): string {
  const page = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return page && isAdminPage(page) ? page : '/admin';
}

function signedOut() {
  clearToken();
  if (location.pathname.startsWith('/admin') && location.pathname !== '/admin/login') {
    rememberPage(location);
    location.assign('/admin/login');
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; keepalive?: boolean } = {}): Promise<Envelope<T>> {
  const token = getToken();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: 'no-store',
      // A request that must outlive the page (a form's abandoned uploads removed as the tab closes).
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  } catch (caught) {
    // Left the page (aborted): nobody to tell. Otherwise the server could not be reached.
    if (init.signal?.aborted) throw caught;
    throw new ApiError('', 0, { code: 'NETWORK' });
  }
  const payload: (FailureBody & Partial<Envelope<T>>) | undefined = await response.json().catch(() => undefined);
  if (response.status === 401 && path !== '/auth/login') {
    signedOut();
  }
  if (!response.ok || !payload?.success) {
    throw new ApiError(payload?.error ?? '', response.status, payload);
  }
  return { success: true, data: payload.data as T, message: payload.message, pagination: payload.pagination };
}

/**
 * Saves an answer of the API as a file in the browser's downloads (the session's token goes along;
 * never cached). False when the server refused it: the caller says so in its own words.
 */
export async function downloadFile(path: string, fileName: string): Promise<boolean> {
  const response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` }, cache: 'no-store' });
  if (!response.ok) return false;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
  return true;
}

/** Uploads files with progress (fetch cannot report upload progress). */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError('', 0, { code: 'NETWORK' }));
    request.onload = () => {
      let payload: (FailureBody & Partial<Envelope<T>>) | undefined;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status === 401) signedOut();
      if (request.status >= 200 && request.status < 300 && payload?.success) resolve({ success: true, data: payload.data as T, message: payload.message });
      else reject(new ApiError(payload?.error ?? '', request.status, payload));
    };
    request.send(form);
  });
}
