import type { DeviceRow } from '@scentry/shared-schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query';
import { deviceName, missingText, runs } from './format';
import { type DeviceSearch, validateDeviceSearch } from './search';

const call = vi.fn();
vi.mock('../../lib/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('../../ui/toast', () => ({ useToast: () => vi.fn() }));
// The table asks the router whether it is idle (to scroll a saved row into view): no router here.
vi.mock('@tanstack/react-router', () => ({ useRouterState: () => true }));

const { DeviceList } = await import('./device-list');

const row = (over: Partial<DeviceRow>): DeviceRow => ({
  deviceId: '00000000-0000-4000-8000-000000000001',
  name: null,
  build: '2026.11.28',
  lastContactAt: '2026-11-28T20:00:00.000Z',
  pending: 0,
  lastSeq: 3,
  highestSeqReceived: 3,
  receivedCount: 3,
  missingCount: 0,
  missingSeqs: [],
  lastResultAt: null,
  ...over,
});

const TABLET = row({
  deviceId: '00000000-0000-4000-8000-000000000002',
  name: 'Front desk 2',
  receivedCount: 2,
  missingCount: 1,
  missingSeqs: [2],
});
const PHONE = row({});

/** GetDeviceList answers these rows; DismissGaps succeeds. */
function server(list: DeviceRow[] | Error) {
  call.mockImplementation(async (name: string) => {
    if (name === 'dismissGaps') return null;
    if (list instanceof Error) throw list;
    return { list, totalCount: list.length };
  });
}

const listBodies = () =>
  call.mock.calls.filter(([name]) => name === 'getDeviceList').map(([, o]) => (o as { body: unknown }).body);

function show(search: DeviceSearch = {}) {
  const onSearchChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <DeviceList search={search} onSearchChange={onSearchChange} />
    </QueryClientProvider>,
  );
  return onSearchChange;
}

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false } });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  call.mockReset();
});

describe('a device as the screen names it', () => {
  it('is its tablet name, else Phone and its build', () => {
    expect(deviceName({ name: 'Front desk 2', build: 'b1' })).toBe('Front desk 2');
    expect(deviceName({ name: null, build: '2026.11.28' })).toBe('Phone (2026.11.28)');
  });

  it('groups consecutive missing numbers', () => {
    expect(runs([])).toEqual([]);
    expect(runs([4, 7, 8, 9, 12])).toEqual([
      [4, 4],
      [7, 9],
      [12, 12],
    ]);
  });

  it('says what is missing in plain words, counting what the server did not list', () => {
    expect(missingText({ missingCount: 0, missingSeqs: [] })).toBe('None');
    expect(missingText({ missingCount: 1, missingSeqs: [5] })).toBe('1 (number 5)');
    expect(missingText({ missingCount: 4, missingSeqs: [2, 7, 8, 9] })).toBe('4 (numbers 2, 7 to 9)');
    expect(missingText({ missingCount: 2, missingSeqs: [2, 3] })).toBe('2 (numbers 2, 3)');
    // Five runs spelled out, the rest counted.
    expect(missingText({ missingCount: 7, missingSeqs: [1, 3, 5, 7, 9, 11, 13] })).toBe(
      '7 (numbers 1, 3, 5, 7, 9 and 2 more)',
    );
    // The server lists the first 100 only.
    const first100 = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(missingText({ missingCount: 130, missingSeqs: first100 })).toBe('130 (numbers 1 to 100 and 30 more)');
  });
});

describe('the devices URL', () => {
  it('keeps page, size, search and Needs attention; drops the rest', () => {
    expect(validateDeviceSearch({ page: '2', q: 'desk', attention: 'true', other: 'x' })).toEqual({
      page: 2,
      q: 'desk',
      attention: true,
    });
    expect(validateDeviceSearch({ attention: 'false' })).toEqual({});
    expect(validateDeviceSearch({ attention: true })).toEqual({ attention: true });
  });
});

describe('the devices screen', () => {
  it('lists each device with what waits and what is missing; only a device with missing records offers Dismiss', async () => {
    server([TABLET, PHONE]);
    show();
    const tablet = (await screen.findByText('Front desk 2')).closest('tr') as HTMLElement;
    expect(within(tablet).getByText('1 (number 2)')).toBeTruthy();
    expect(within(tablet).getByRole('button', { name: 'Dismiss the missing records of Front desk 2' })).toBeTruthy();
    const phone = screen.getByText('Phone (2026.11.28)').closest('tr') as HTMLElement;
    expect(within(phone).getByText('None')).toBeTruthy();
    expect(within(phone).queryByRole('button')).toBeNull();
    expect(listBodies()).toEqual([
      { pageNumber: 1, rowsPerPage: expect.any(Number), filter: { needsAttention: null, searchText: null } },
    ]);
    // The line that says what cannot be known.
    expect(screen.getByText(/since its last report/)).toBeTruthy();
  });

  it('asks before Dismiss, in plain words; Dismiss calls DismissGaps and reads the list again', async () => {
    server([TABLET]);
    show({ attention: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the missing records of Front desk 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss missing records' });
    expect(dialog.textContent).toContain('Mark the 1 missing record of Front desk 2 as known?');
    expect(dialog.textContent).toContain('It will no longer be flagged.');
    expect(call.mock.calls.filter(([name]) => name === 'dismissGaps')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(listBodies()).toHaveLength(2));
    expect(call).toHaveBeenCalledWith('dismissGaps', { body: { deviceId: TABLET.deviceId } });
    expect(listBodies()[0]).toMatchObject({ filter: { needsAttention: true } });
  });

  it('Cancel leaves the device as it was', async () => {
    server([TABLET]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the missing records of Front desk 2' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(call.mock.calls.filter(([name]) => name === 'dismissGaps')).toEqual([]);
  });

  it('says when no device has reported, and when none needs attention', async () => {
    server([]);
    show();
    await screen.findByText('No devices have reported yet.');
    cleanup();
    show({ attention: true });
    await screen.findByText('No device needs attention.');
  });

  it('shows a failed load with Try again', async () => {
    server(new Error('Something went wrong'));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    server([PHONE]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Phone (2026.11.28)');
  });

  it('Needs attention ticks at once and puts the filter in the URL, back to page 1', async () => {
    server([TABLET]);
    const onSearchChange = show({ page: 3 });
    const box = screen.getByRole('checkbox', { name: 'Needs attention' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const update = onSearchChange.mock.calls[0]?.[0] as (prev: DeviceSearch) => DeviceSearch;
    expect(update({ page: 3, q: 'desk' })).toEqual({ page: undefined, q: 'desk', attention: true });
  });
});
