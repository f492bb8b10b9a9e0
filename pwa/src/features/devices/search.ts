import { type ListSearch, validateListSearch } from '../../lib/route-params';

/** The devices list's URL: page, size, the search text and "Needs attention". */
export interface DeviceSearch extends ListSearch {
  attention?: boolean;
}

export function validateDeviceSearch(raw: Record<string, unknown>): DeviceSearch {
  const out: DeviceSearch = validateListSearch(raw);
  if (raw.attention === true || raw.attention === 'true' || raw.attention === '1') out.attention = true;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as DeviceSearch;
}
