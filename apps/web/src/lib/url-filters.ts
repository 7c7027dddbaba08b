import { useSearchParams } from 'react-router';
import { LIST_PAGE_SIZES } from '@portal/contract/rules';

/**
 * The filters of a list as a page keeps them, from the contract's query `Q`: every filter is
 * present, an optional one holding its value or '' (no filter).
 */
export type UrlFilters<Q> = { [K in keyof Q]-?: undefined extends Q[K] ? Exclude<Q[K], undefined> | '' : Q[K] };

/** The page sizes the back-office lists offer (the contract's; the first is every list query's default). */
export { LIST_PAGE_SIZES };

/** A positive whole number read from the URL, else `fallback`. */
export function positiveParam(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** One of `values` read from the URL, else `fallback`. */
export function oneOfParam<V extends string, F extends string>(value: string | null, values: readonly V[], fallback: F): V | F {
  return (values as readonly string[]).includes(value ?? '') ? (value as V) : fallback;
}

/** What every list reads from the URL: the search (trimmed), the page (from 1) and its size (one of those offered, else the first). */
export function listParams(params: URLSearchParams, pageSizes: readonly number[] = LIST_PAGE_SIZES) {
  const size = positiveParam(params.get('pageSize'), pageSizes[0] ?? LIST_PAGE_SIZES[0]);
  return {
    search: params.get('search')?.trim() ?? '',
    page: positiveParam(params.get('page'), 1),
    pageSize: pageSizes.includes(size) ? size : (pageSizes[0] ?? LIST_PAGE_SIZES[0]),
  };
}

/** Filters as a query string in their order, without the empty ones ('' or null) and those left out. */
export function filterQuery(filters: object, leaveOut: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [string, unknown][]) {
    if (value === '' || value === null || value === undefined || leaveOut.includes(name)) continue;
    params.set(name, String(value));
  }
  return params;
}

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
