import { createContext, useContext, useEffect, useRef } from 'react';
import { api } from './api.ts';

/**
 * Images a form uploaded that its record does not keep: the editor chose another, cancelled, or
 * closed the tab. They would stay in the media library as nobody's pictures; the form removes them
 * when it is saved without them or left unsaved. The server refuses to delete an image some record
 * uses (409), so one chosen meanwhile elsewhere stays.
 */
const Tracking = createContext<((url: string) => void) | null>(null);

export const UploadTracking = Tracking.Provider;

/** For an image field: tell the form an image was uploaded for it (nothing outside a record's form). */
export const useUploadTracking = () => useContext(Tracking);

function forget(urls: Iterable<string>, keepalive = false) {
  for (const url of urls) void api('/upload/delete', { method: 'DELETE', body: { imagePath: url }, keepalive }).catch(() => {});
}

export function useAbandonedUploads() {
  const uploaded = useRef(new Set<string>());
  useEffect(() => {
    const leaving = () => {
      forget(uploaded.current, true);
      uploaded.current.clear();
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('pagehide', leaving);
      // The form closed without a save that kept them.
      leaving();
    };
  }, []);
  return {
    track: (url: string) => void uploaded.current.add(url),
    /** After a save: what the saved record does not show is removed; the rest is the record's now. */
    settle(saved: unknown) {
      const kept = JSON.stringify(saved);
      forget([...uploaded.current].filter((url) => !kept.includes(url.replace(/-(large|medium|thumbnail)\.webp$/, ''))));
      uploaded.current.clear();
    },
  };
}
