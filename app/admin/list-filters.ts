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
  useEffect(() => {
    if (search === (params.get('search') ?? '')) return;
    const timer = setTimeout(() => setFilter('search', search), searchDelayMs);
    return () => clearTimeout(timer);
  });
  return { search, setSearch, filter: (name: string) => params.get(name) ?? '', setFilter };
}
