import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { QUERY_ROOTS } from '../../lib/query';
import { getSession, isAdmin } from '../../lib/session';
import {
  checkSearch,
  type LocationSearch,
  locationRequest,
  type ReportBody,
  type ReportSearch,
  type Viewer,
} from './filters';

const root = QUERY_ROOTS.reports;

/** Who is asking, from the stored session: an Admin chooses the data set, a Client Admin does not. */
export function currentViewer(): Viewer {
  const session = getSession();
  return { admin: isAdmin(session), organizationId: session?.organizationId ?? null };
}

/**
 * A report's loader: asks for its data while the screen's code loads, once the filter holds (a
 * filter that does not is said on the screen; so is a failure, with Try again).
 */
export function prefetchReport(search: ReportSearch, prefetch: (body: ReportBody) => Promise<unknown>): void {
  const check = checkSearch(search, currentViewer());
  if (check.ok) void prefetch(check.body);
}

/** The Data Location table: one page of country / state / city rows. */
export const dataLocationQuery = (body: ReportBody, search: LocationSearch) => {
  const request = locationRequest(body, search);
  return queryOptions({
    queryKey: [...root, 'location', request],
    queryFn: ({ signal }) => call('getDataLocation', { body: request, signal }),
    placeholderData: keepPreviousData,
  });
};

/** The Location Map's points (every located result of the filter: may be many thousands). */
export const locationDataQuery = (body: ReportBody) =>
  queryOptions({
    queryKey: [...root, 'map', body],
    queryFn: ({ signal }) => call('getLocationData', { body, signal }),
    // A new reply replaces the old one: comparing 100,000 points to keep unchanged ones costs more.
    structuralSharing: false,
    // Another filter: the map stays where it is, with the last dots, until the new ones come.
    placeholderData: keepPreviousData,
  });

/** The Pass/Fail chart's months. */
export const passFailQuery = (body: ReportBody) =>
  queryOptions({
    queryKey: [...root, 'chart', body],
    queryFn: ({ signal }) => call('passFailDataByDate', { body, signal }),
    placeholderData: keepPreviousData,
  });

/** Active organizations for the Admin's "Organization Data" choice. */
export const organizationChoicesQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.organizations, 'choices'],
    queryFn: ({ signal }) => call('dropDownOrganization', { signal }),
  });
