import type { ReportProvider } from '@scentry/shared-schema/result-document';
import { useEffect, useState } from 'react';
import { fetchProvider, keptProvider } from '../../../lib/organizations';

/**
 * The provider of a result (name, address, phone): the kept copy at once, refreshed from
 * `GetOrganizationById` when online. Null when none is linked or none was ever fetched.
 */
export function useProvider(id: number | null | undefined): ReportProvider | null {
  const [provider, setProvider] = useState<ReportProvider | null>(() => (id ? keptProvider(id) : null));
  useEffect(() => {
    if (!id) return;
    let live = true;
    fetchProvider(id)
      .then((found) => live && setProvider(found))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [id]);
  return provider;
}
