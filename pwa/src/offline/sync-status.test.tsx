import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The panel's button would start a real sync (RxDB): only whether it is offered matters here.
vi.mock('./sync', () => ({ requestSync: vi.fn() }));

const { markLocalDatabase, setSyncStatus } = await import('./status');
const { loadMessages } = await import('../i18n');
const { default: en } = await import('@scentry/shared-schema/i18n/en.json');
const { default: es } = await import('@scentry/shared-schema/i18n/es.json');
type Messages = Parameters<typeof loadMessages>[1];
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

  it('counts results and forms apart, each in its own plural, never "results and forms"', () => {
    render(<SyncStatusPanel />);
    const line = () => screen.getByRole('status').textContent ?? '';
    act(() => setSyncStatus({ waiting: 1, formsWaiting: 0 }));
    expect(line()).toContain('1 result waiting to upload');
    act(() => setSyncStatus({ waiting: 3, formsWaiting: 0 }));
    expect(line()).toContain('3 results waiting to upload');
    // Three players, each with a result and a medical form: 3 and 3, not "6 results and forms".
    act(() => setSyncStatus({ waiting: 6, formsWaiting: 3 }));
    expect(line()).toContain('3 results waiting to upload · 3 forms waiting to upload');
    expect(screen.getByTestId('waiting-count').textContent).toBe('6');
    act(() => setSyncStatus({ waiting: 1, formsWaiting: 1 }));
    expect(line()).toContain('1 form waiting to upload');
    expect(line()).not.toMatch(/result|and forms/);
    act(() => setSyncStatus({ waiting: 0, formsWaiting: 0, emailsWaiting: 3 }));
    expect(screen.getByTestId('emails-waiting').textContent).toContain('3 e-mails waiting to send');
  });

  it("speaks the player's language, the last sync's date and time in its locale", () => {
    loadMessages('es', es as unknown as Messages);
    try {
      render(<SyncStatusPanel />);
      const panel = screen.getByRole('complementary', { name: 'Estado de la carga' });
      expect(panel.textContent).toContain('Todo cargado');
      const when = new Intl.DateTimeFormat('es-US', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date('2026-11-23T10:00:00Z'),
      );
      expect(panel.textContent).toContain(`Última sincronización: ${when}`);
      expect(when).not.toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date('2026-11-23T10:00:00Z'),
        ),
      );
      act(() => setSyncStatus({ waiting: 4, formsWaiting: 3 }));
      expect(screen.getByRole('status').textContent).toContain(
        '1 resultado pendiente de cargar · 3 formularios pendientes de cargar',
      );
    } finally {
      loadMessages('en', en as unknown as Messages);
    }
  });

  it('shows nothing on a device that never stored anything', () => {
    localStorage.clear();
    const { container } = render(<SyncStatusPanel />);
    expect(container.textContent).toBe('');
  });
});
