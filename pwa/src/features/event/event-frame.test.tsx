import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// "Sync now" would start a real sync (RxDB): only that it asks for a fresh one matters here.
const requestSync = vi.fn(async () => {});
vi.mock('../../offline/sync', () => ({ requestSync }));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

const { setSyncStatus } = await import('../../offline/status');
const { setEvent } = await import('../../lib/event-mode');
const { loadMessages } = await import('../../i18n');
const { default: en } = await import('@scentry/shared-schema/i18n/en.json');
const { default: es } = await import('@scentry/shared-schema/i18n/es.json');
type Messages = Parameters<typeof loadMessages>[1];
const { EventFrame } = await import('./event-frame');

const NOTHING = { resultsUploaded: 0, waiting: 0, formsWaiting: 0, emailsWaiting: 0, online: true, lastSync: null };

const line = () => screen.getByTestId('event-waiting').textContent;

beforeEach(() => {
  localStorage.clear();
  setSyncStatus(NOTHING);
  setEvent({
    code: 'demo1',
    kitName: 'DEMO1',
    organizationId: null,
    organizationName: null,
    pin: { salt: 'c2FsdA==', hash: 'aGFzaA==', iterations: 1 },
    language: 'en',
    textSize: 100,
    tries: { wrong: 0, lockedUntil: null },
    playerActive: false,
    startedAt: '2026-11-28T20:00:00.000Z',
    tabletName: 'Front desk 2',
  } as Parameters<typeof setEvent>[0]);
});
afterEach(() => {
  cleanup();
  loadMessages('en', en as unknown as Messages);
});

describe("the event tablet's line", () => {
  it('says how many plays reached the server when nothing waits', () => {
    render(<EventFrame />);
    expect(line()).toBe('Everything uploaded');
    act(() => setSyncStatus({ resultsUploaded: 37 }));
    expect(line()).toBe('All 37 plays uploaded');
    act(() => setSyncStatus({ resultsUploaded: 1 }));
    expect(line()).toBe('1 play uploaded');
  });

  it('says what waits, each kind in its own singular or plural', () => {
    render(<EventFrame />);
    act(() => setSyncStatus({ resultsUploaded: 5, waiting: 2 }));
    expect(line()).toBe('2 plays waiting to upload');
    act(() => setSyncStatus({ waiting: 2, formsWaiting: 1, emailsWaiting: 1 }));
    expect(line()).toBe('1 play · 1 form · 1 e-mail waiting to upload');
    act(() => setSyncStatus({ waiting: 4, formsWaiting: 2, emailsWaiting: 3, online: false }));
    expect(line()).toBe('2 plays · 2 forms · 3 e-mails waiting to upload · Offline: it uploads by itself later');
  });

  it('speaks Spanish on a Spanish tablet', () => {
    loadMessages('es', es as unknown as Messages);
    render(<EventFrame />);
    act(() => setSyncStatus({ waiting: 1 }));
    expect(line()).toBe('Por subir: 1 juego');
    act(() => setSyncStatus({ waiting: 3, formsWaiting: 1 }));
    expect(line()).toBe('Por subir: 2 juegos · 1 formulario');
    act(() => setSyncStatus({ waiting: 0, formsWaiting: 0, resultsUploaded: 37 }));
    expect(line()).toBe('Los 37 juegos se han subido');
    expect(screen.getByRole('button', { name: 'Sincronizar ahora' })).toBeTruthy();
  });

  it('offers Sync now whether or not something waits (the bar keeps its shape); it asks for a fresh sync', async () => {
    render(<EventFrame />);
    const button = screen.getByRole('button', { name: 'Sync now' });
    act(() => setSyncStatus({ waiting: 2, syncing: true }));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBe(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(requestSync).toHaveBeenCalledWith({ fresh: true }));
  });
});
