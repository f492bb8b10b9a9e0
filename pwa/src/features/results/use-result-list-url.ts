import { RESULTS_MSG } from '@scentry/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { type SearchChange, useListUrl } from '../../ui/paged-list';
import { useDebounced } from '../../ui/use-debounced';
import {
  activeFilterCount,
  ageOf,
  effectiveSort,
  isoDay,
  nextSort,
  type ResultListSearch,
  type ResultSortColumn,
  tidy,
  withoutFilters,
} from './search';

interface AgeDraft {
  min: string;
  max: string;
}

const ageDraftOf = (s: ResultListSearch): AgeDraft => ({
  min: s.ageMin?.toString() ?? '',
  max: s.ageMax?.toString() ?? '',
});

/** The message for an age range as typed, or undefined when it can be applied (empty is no filter). */
export function ageRangeError(draft: AgeDraft): string | undefined {
  const min = draft.min.trim();
  const max = draft.max.trim();
  const a = ageOf(min);
  const b = ageOf(max);
  if ((min && a === null) || (max && b === null) || (a !== null && b !== null && a > b)) return RESULTS_MSG.ageRange;
  return undefined;
}

/** The message for a From/To pair as picked, or undefined (To on From's day is fine). */
export const dateRangeError = (from: string, to: string): string | undefined =>
  from && to && to < from ? RESULTS_MSG.toBeforeFrom : undefined;

/**
 * The Play Results list's URL state: paging and the search text as every list (useListUrl, the
 * text written 1 s after typing stops), the choices written at once (a new history entry, so Back
 * undoes them), the age boxes 1 s after typing stops, the dates when both make a range, and the
 * order toggled by the column headers. A range that cannot be applied shows its message and
 * leaves the list as it is (the server refuses it too).
 */
export function useResultListUrl(search: ResultListSearch, onSearchChange: SearchChange<ResultListSearch>) {
  const list = useListUrl(search, onSearchChange);
  const set = (patch: Partial<ResultListSearch>, replace = false) =>
    onSearchChange((prev) => tidy({ ...prev, ...patch, page: undefined }), replace);

  // Ages: typed, then applied once typing pauses and the range holds.
  const [ages, setAges] = useState<AgeDraft>(() => ageDraftOf(search));
  const typedAges = useDebounced(ages, 1000);
  const urlAges = JSON.stringify(ageDraftOf(search));
  const writtenAges = useRef(urlAges);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed ages settle
  useEffect(() => {
    if (ageRangeError(typedAges)) return;
    const next = { min: ageOf(typedAges.min)?.toString() ?? '', max: ageOf(typedAges.max)?.toString() ?? '' };
    const key = JSON.stringify(next);
    if (key === urlAges) return;
    writtenAges.current = key;
    set({ ageMin: ageOf(next.min) ?? undefined, ageMax: ageOf(next.max) ?? undefined }, true);
  }, [typedAges]);
  // Back, a link or Clear filters changed the URL: the boxes show what the list shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL's ages only
  useEffect(() => {
    if (urlAges === writtenAges.current) return;
    writtenAges.current = urlAges;
    setAges(ageDraftOf(search));
  }, [urlAges]);

  // Dates: a date input changes once a whole day is picked; applied when From ≤ To.
  const [dates, setDates] = useState({ from: search.from ?? '', to: search.to ?? '' });
  const latestDates = useRef(dates);
  const urlDates = `${search.from ?? ''}|${search.to ?? ''}`;
  const writtenDates = useRef(urlDates);
  // Back, a link or Clear filters changed the URL (not this hook catching up): show its days.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL's dates only
  useEffect(() => {
    if (urlDates === writtenDates.current) return;
    writtenDates.current = urlDates;
    latestDates.current = { from: search.from ?? '', to: search.to ?? '' };
    setDates(latestDates.current);
  }, [urlDates]);
  function setDate(key: 'from' | 'to', value: string) {
    const next = { ...latestDates.current, [key]: value };
    latestDates.current = next;
    setDates(next);
    const from = next.from ? isoDay(next.from) : '';
    const to = next.to ? isoDay(next.to) : '';
    // Half-typed (a browser without a date picker) or a range backwards: not applied yet.
    if (from === null || to === null || dateRangeError(from, to)) return;
    const range = `${from}|${to}`;
    if (range === writtenDates.current && range === urlDates) return;
    writtenDates.current = range;
    set({ from: from || undefined, to: to || undefined });
  }

  const sorted = effectiveSort(search);
  return {
    ...list,
    set,
    ages,
    setAge: (key: keyof AgeDraft, value: string) => setAges((a) => ({ ...a, [key]: value })),
    /** Shown once typing pauses, not at every keystroke. */
    ageError: ageRangeError(typedAges) && ageRangeError(ages),
    dates,
    setDate,
    dateError: dateRangeError(dates.from, dates.to),
    filterCount: activeFilterCount(search),
    /** Whether the list shown is narrowed (what the URL holds, not what is being typed). */
    filtered: activeFilterCount(search) > 0 || Boolean(search.q),
    clear: () => {
      list.setSearch('');
      onSearchChange((prev) => withoutFilters(prev));
    },
    sort: sorted.column,
    order: sorted.order,
    toggleSort: (column: ResultSortColumn) =>
      onSearchChange((prev) => tidy({ ...prev, ...nextSort(prev, column), page: undefined })),
  };
}
