/**
 * The moment autosaves and presence read: `Date.now` unless a test moves it (a presence expires
 * 60 s after its last heartbeat; a test sets the clock forward instead of waiting).
 */
export interface EditClock {
  now(): number;
}

export const systemClock = (): EditClock => ({ now: () => Date.now() });

export const isoAt = (clock: EditClock, offsetMs = 0): string => new Date(clock.now() + offsetMs).toISOString();
