import { AsyncLocalStorage } from 'node:async_hooks';

/** The release whose writes are running (domain/releases): each record's history and the activity log name it. */
export interface ReleaseMark {
  id: string;
  title: string;
}

const marks = new AsyncLocalStorage<ReleaseMark>();

/** Runs `work` as the release's: every version kept and every line logged inside names it. */
export const asRelease = <T>(release: ReleaseMark, work: () => Promise<T>): Promise<T> => marks.run(release, work);

/** The release running now, if any. */
export const currentRelease = (): ReleaseMark | undefined => marks.getStore();
