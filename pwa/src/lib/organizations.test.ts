import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from './api';
import { keptOrganizations, loadOrganizations, rememberProvider } from './organizations';

const reply = (data: unknown) =>
  new Response(JSON.stringify({ status: 'Success', message: '', error: null, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('the providers a player may choose, kept on the device', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('fetched when online (sorted by name) and kept; the kept copy when the network fails', async () => {
    const fetchMock = vi.fn(async () =>
      reply([
        { id: 2, name: 'Zeta Clinic' },
        { id: 1, name: 'Alpha Health' },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(keptOrganizations()).toBeNull();
    expect(await loadOrganizations()).toEqual([
      { id: 1, name: 'Alpha Health' },
      { id: 2, name: 'Zeta Clinic' },
    ]);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/Organization/DropDownOrganization');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await loadOrganizations()).map((o) => o.id)).toEqual([1, 2]);
  });

  it('with no copy and no network, it says so (the screen asks for a connection once)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await loadOrganizations().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).httpStatus).toBe(0);
  });

  it('a chosen provider is kept for the result page: its name at once, the rest when the server answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await rememberProvider({ id: 5, name: 'Nose Clinic' });
    expect(JSON.parse(localStorage.getItem('scentryProviders') ?? '{}')).toEqual({
      5: { name: 'Nose Clinic', address: null, phone: null },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply({ id: 5, organizationName: 'Nose Clinic', organizationAddress: '1 Main St', organizationPhone: '555' }),
      ),
    );
    await rememberProvider({ id: 5, name: 'Nose Clinic' });
    expect(JSON.parse(localStorage.getItem('scentryProviders') ?? '{}')[5]).toEqual({
      name: 'Nose Clinic',
      address: '1 Main St',
      phone: '555',
    });
  });
});
