import { randomBytes } from 'node:crypto';

/** The request header that asks a page to render with unsaved interface texts held here. */
export const TEXT_PREVIEW_HEADER = 'x-text-preview';

interface HeldTexts {
  code: string;
  translations: Record<string, string>;
  until: number;
}

/**
 * Interface texts not saved yet, held for the one render that previews them: the preview call
 * holds them under an id nobody can guess, renders the page in the same process with that id in
 * TEXT_PREVIEW_HEADER, and lets go. Nothing is stored and nothing is cached.
 */
export function createTextPreviews({ lifetimeMs = 60_000 } = {}) {
  const held = new Map<string, HeldTexts>();
  return {
    hold(code: string, translations: Record<string, string>): string {
      const now = Date.now();
      for (const [id, entry] of held) if (entry.until < now) held.delete(id);
      const id = randomBytes(18).toString('base64url');
      held.set(id, { code, translations, until: now + lifetimeMs });
      return id;
    },
    get(id: string | null | undefined): Omit<HeldTexts, 'until'> | undefined {
      const entry = id ? held.get(id) : undefined;
      return entry && entry.until >= Date.now() ? entry : undefined;
    },
    release(id: string): void {
      held.delete(id);
    },
  };
}
