import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The panel's button would start a real sync (RxDB): only whether it is offered matters here.
vi.mock('./sync', () => ({ requestSync: vi.fn() }));

const { markLocalDatabase, setSyncStatus } = await import('./status');
const { SyncStatusPanel } = await import('./sync-status');

const NOTHING = { waiting: 0, formsWaiting: 0, emailsWaiting: 0, rejected: [], rejectedEmails: [], online: true };

beforeEach(() => {
  localStorage.clear();
  markLocalDatabase();
  setSyncStatus({ ...NOTHING, lastSync: '2026-11-23T10:00:00Z' });
});
afterEach(cleanup);

describe('SyncStatusPanel', () => {
  it('is one quiet line when nothing waits: all uploaded, the last sync, nothing to tap', () => {
    render(<SyncStatusPanel />);
    const status = screen.getByRole('complementary', { name: 'Upload status' });
    expect(status.textContent).toContain('All uploaded');
    expect(status.textContent).toContain('Last sync');
    expect(screen.getByTestId('waiting-count').textContent).toBe('0');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says what waits and offers Sync now while something waits', () => {
    render(<SyncStatusPanel />);
    act(() => setSyncStatus({ waiting: 2, formsWaiting: 0 }));
    expect(screen.getByTestId('waiting-count').textContent).toBe('2');
    expect(screen.getByRole('complementary', { name: 'Upload status' }).textContent).toContain(
      'results waiting to upload',
    );
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    act(() => setSyncStatus({ waiting: 0 }));
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('shows the whole panel for a refused result or e-mail, or an e-mail waiting', () => {
    render(<SyncStatusPanel />);
    act(() =>
      setSyncStatus({
        rejected: [{ id: 'r1', kitName: 'DEMO1', playedAt: '2026-11-23T10:00:00Z', reason: 'Bad intensity' }],
      }),
    );
    expect(screen.getByText('Not uploaded:')).toBeTruthy();
    expect(screen.getByText(/Bad intensity/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    act(() => setSyncStatus({ rejected: [], emailsWaiting: 1 }));
    expect(screen.getByTestId('emails-waiting').textContent).toContain('1 e-mail waiting to send');
  });

  it('shows nothing on a device that never stored anything', () => {
    localStorage.clear();
    const { container } = render(<SyncStatusPanel />);
    expect(container.textContent).toBe('');
  });
});
