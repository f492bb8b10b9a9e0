import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProvider } from './provider';

const reply = (data: unknown) =>
  new Response(JSON.stringify({ status: 'Success', message: '', error: null, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('useProvider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the linked provider, keeps it on the device, and shows the kept copy offline', async () => {
    const fetchMock = vi.fn(async () =>
      reply({
        id: 7,
        organizationName: 'Valley Clinic',
        organizationAddress: '1 Main St',
        organizationPhone: '5551234',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const online = renderHook(() => useProvider(7));
    await waitFor(() => expect(online.result.current?.name).toBe('Valley Clinic'));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/Organization/GetOrganizationById?id=7');

    // No network now: the kept copy shows at once.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = renderHook(() => useProvider(7));
    expect(offline.result.current).toEqual({ name: 'Valley Clinic', address: '1 Main St', phone: '5551234' });
  });

  it('shows none when no provider is linked, without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(renderHook(() => useProvider(null)).result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
