import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters in the address (?search=&status=&category=&page=), so a filtered list can be
 * reloaded and shared. The search box answers at once; the address (and so a server-side search) follows
 * after `searchDelayMs` of no typing.
 */
export function useListFilters(searchDelayMs: number) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'all') next.set(name, value);
        else next.delete(name);
        // Another filter is another list: from its first page.
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  // Once for each change of the words (or of the address): not at every render, which a navigation
  // under way causes — the address it is about to set is not in `params` yet, and asking for it
  // again at each render started a new navigation that cut off the last, without end.
  const inAddress = params.get('search') ?? '';
  useEffect(() => {
    if (search === inAddress) return;
    const timer = setTimeout(() => setFilter('search', search), searchDelayMs);
    return () => clearTimeout(timer);
  }, [search, inAddress, searchDelayMs]);
  return { search, setSearch, filter: (name: string) => params.get(name) ?? '', setFilter };
}
