import { useSearchParams } from 'react-router';

/**
 * The filters of a list as a page keeps them, from the contract's query `Q`: every filter is
 * present, an optional one holding its value or '' (no filter).
 */
export type UrlFilters<Q> = { [K in keyof Q]-?: undefined extends Q[K] ? Exclude<Q[K], undefined> | '' : Q[K] };

/**
 * Filters kept in the URL, read by `parse`: a list can be bookmarked, shared and reached
 * again with Back. `update` changes some of them (an empty value removes it); any change but
 * paging starts again from page 1.
 */
export function useUrlFilters<F extends object>(parse: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const filters = parse(params);
  const update = (changes: Partial<Record<keyof F, string | number>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes) as [string, string | number | undefined][]) {
          if (value === '' || value === undefined) next.delete(name);
          else next.set(name, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, update };
}
