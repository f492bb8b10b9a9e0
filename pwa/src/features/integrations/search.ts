import { type ListSearch, validateListSearch } from '../../lib/route-params';

/**
 * The integrations screen's URL: the Admin's organization (`org`), the endpoint whose delivery
 * log is open (`hook`), and that log's page and size.
 */
export interface IntegrationSearch extends ListSearch {
  org?: number;
  hook?: number;
}

const id = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function validateIntegrationSearch(raw: Record<string, unknown>): IntegrationSearch {
  const { q: _q, ...list } = validateListSearch(raw);
  const out: IntegrationSearch = { ...list, org: id(raw.org), hook: id(raw.hook) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as IntegrationSearch;
}
