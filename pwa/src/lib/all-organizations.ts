import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { QUERY_ROOTS } from './query';

/** An organization to choose: its id and its name ("… (inactive)" for an inactive one). */
export interface OrganizationOption {
  id: number;
  name: string;
}

/**
 * Every organization, inactive ones too, for an Admin's choice (the results' filter, the
 * integrations' organization): the Client list's pages of 100, by name. (The provider drop-down
 * lists active organizations only.)
 */
export async function getAllOrganizations(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const out: OrganizationOption[] = [];
  for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
    const page = await call('getOrganizationList', { body: { pageNumber, rowsPerPage: 100 }, signal });
    for (const o of page.list) {
      out.push({
        id: o.organizationId,
        name: o.organizationIsActive ? o.organizationName : `${o.organizationName} (inactive)`,
      });
    }
    if (page.list.length < 100 || out.length >= page.totalCount) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const allOrganizationsQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.organizations, 'all'],
    queryFn: ({ signal }) => getAllOrganizations(signal),
  });
