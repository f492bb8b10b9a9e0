import { callPlayer } from './api';
import { readJson, writeJson } from './storage';

/** An organization or healthcare provider a player may send results to (DropDownOrganization). */
export interface OrganizationChoice {
  id: number;
  name: string;
}

/** The list of providers as last fetched, so the choice works offline. */
const LIST_KEY = 'scentryOrganizations';

/** Providers shown on results, kept so the result page names them offline. */
const PROVIDERS_KEY = 'scentryProviders';

interface KeptList {
  items: OrganizationChoice[];
  fetchedAt: string;
}

const isChoice = (v: unknown): v is OrganizationChoice =>
  !!v && typeof (v as OrganizationChoice).id === 'number' && typeof (v as OrganizationChoice).name === 'string';

/** The list kept on this device, or null when it was never fetched here. */
export function keptOrganizations(): OrganizationChoice[] | null {
  const kept = readJson<KeptList>(LIST_KEY);
  return kept && Array.isArray(kept.items) ? kept.items.filter(isChoice) : null;
}

/**
 * The active organizations, fresh from the server (and kept for next time); the kept copy when the
 * server cannot be reached. Throws only when there is neither.
 */
export async function loadOrganizations(signal?: AbortSignal): Promise<OrganizationChoice[]> {
  try {
    const items = (await callPlayer('dropDownOrganization', { signal })).filter(isChoice);
    items.sort((a, b) => a.name.localeCompare(b.name));
    writeJson(LIST_KEY, { items, fetchedAt: new Date().toISOString() } satisfies KeptList);
    return items;
  } catch (err) {
    const kept = keptOrganizations();
    if (kept && (err as Error).name !== 'AbortError') return kept;
    throw err;
  }
}

/** A provider as results show it: name, address and phone (GetOrganizationById, public). */
export interface KeptProvider {
  name: string;
  address: string | null;
  phone: string | null;
}

const keptProviders = () => readJson<Record<string, KeptProvider>>(PROVIDERS_KEY) ?? {};

/** The provider as kept on this device, or null. */
export const keptProvider = (id: number): KeptProvider | null => keptProviders()[id] ?? null;

/** The provider fresh from the server, kept for offline use. Throws when the server cannot be reached. */
export async function fetchProvider(id: number): Promise<KeptProvider> {
  const org = await callPlayer('getOrganizationById', { query: { id } });
  const provider: KeptProvider = {
    name: org.organizationName,
    address: org.organizationAddress ?? null,
    phone: org.organizationPhone ?? null,
  };
  writeJson(PROVIDERS_KEY, { ...keptProviders(), [id]: provider });
  return provider;
}

/**
 * Remembers the chosen provider for the result page: its name at once (from the list), then its
 * address and phone when the server answers. Never fails: the result page fetches it again online.
 */
export async function rememberProvider(choice: OrganizationChoice): Promise<void> {
  if (!keptProvider(choice.id)) {
    writeJson(PROVIDERS_KEY, { ...keptProviders(), [choice.id]: { name: choice.name, address: null, phone: null } });
  }
  try {
    await fetchProvider(choice.id);
  } catch {
    // Offline: the name is kept; the rest comes when the result page is opened online.
  }
}
