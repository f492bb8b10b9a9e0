import { useEffect, useState } from 'react';
import { callPlayer } from '../../lib/api';
import { readJson, writeJson } from '../../lib/storage';
import type { ReportProvider } from '../../report/model';

/** Providers shown on results, kept on the device so the result page reads offline. */
const PROVIDERS_KEY = 'scentryProviders';

const cached = (id: number): ReportProvider | null =>
  readJson<Record<string, ReportProvider>>(PROVIDERS_KEY)?.[id] ?? null;

function keep(id: number, provider: ReportProvider): void {
  writeJson(PROVIDERS_KEY, { ...readJson<Record<string, ReportProvider>>(PROVIDERS_KEY), [id]: provider });
}

/**
 * The provider of a result (name, address, phone): the kept copy at once, refreshed from
 * `GetOrganizationById` when online. Null when none is linked or none was ever fetched.
 */
export function useProvider(id: number | null | undefined): ReportProvider | null {
  const [provider, setProvider] = useState<ReportProvider | null>(() => (id ? cached(id) : null));
  useEffect(() => {
    if (!id) return;
    let live = true;
    callPlayer('getOrganizationById', { query: { id } })
      .then((org) => {
        const found: ReportProvider = {
          name: org.organizationName,
          address: org.organizationAddress ?? null,
          phone: org.organizationPhone ?? null,
        };
        keep(id, found);
        if (live) setProvider(found);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [id]);
  return provider;
}
