import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n';
import { LOCATION_KEY, locationDecision, type Position } from './location';
import { LocationStep, useLocationStep } from './location-step';

type Answer = 'position' | 'deny' | 'never';

/** A browser with geolocation, not yet asked, whose position request answers as told. */
function browser(answer: Answer) {
  const calls: { timeout?: number }[] = [];
  vi.stubGlobal('navigator', {
    geolocation: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options?: PositionOptions) => {
        calls.push({ timeout: options?.timeout });
        if (answer === 'position') ok({ coords: { latitude: 47.6, longitude: -122.3 } } as GeolocationPosition);
        if (answer === 'deny') fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      },
    },
    permissions: { query: async () => ({ state: 'prompt' }) },
  });
  return calls;
}

function step() {
  const done: (Position | null)[] = [];
  render(<LocationStep onDone={(p) => done.push(p)} />);
  return done;
}

describe('the location step after the last card', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens with the focus on its heading and says why', () => {
    browser('never');
    step();
    const heading = screen.getByRole('heading', { name: t('location.title') });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/results by region/)).toBeTruthy();
  });

  it('"Not now" is remembered and saves the result without a position, asking nothing', () => {
    const calls = browser('position');
    const done = step();
    fireEvent.click(screen.getByRole('button', { name: t('location.notNow') }));
    expect(done).toEqual([null]);
    expect(locationDecision()).toBe('declined');
    expect(calls).toEqual([]);
  });

  it('"Allow" asks the browser, waits a few seconds at most, and saves with the position', async () => {
    const calls = browser('position');
    const done = step();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('location.allow') })));
    expect(done).toEqual([{ latitude: 47.6, longitude: -122.3 }]);
    expect(locationDecision()).toBe('allowed');
    expect(calls).toEqual([{ timeout: 5000 }]);
  });

  it('a refusal in the browser prompt saves without a position and counts as "Not now"', async () => {
    browser('deny');
    const done = step();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('location.allow') })));
    expect(done).toEqual([null]);
    expect(locationDecision()).toBe('declined');
  });

  it('"Skip" while waiting saves without the position, once; the focus moves to it', async () => {
    browser('never');
    const done = step();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('location.allow') })));
    const skip = screen.getByRole('button', { name: t('location.skip') });
    expect(document.activeElement).toBe(skip);
    expect(done).toEqual([]);
    fireEvent.click(skip);
    expect(done).toEqual([null]);
    expect(screen.queryByRole('button', { name: t('location.skip') })).toBeNull();
  });
});

function Probe() {
  const { due } = useLocationStep();
  return <p>{due ? 'due' : 'not due'}</p>;
}

describe('whether the step is due', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is due on a device that never answered, and not once it has', async () => {
    browser('never');
    render(<Probe />);
    await screen.findByText('due');
    cleanup();
    for (const decided of ['allowed', 'declined']) {
      localStorage.setItem(LOCATION_KEY, decided);
      render(<Probe />);
      await act(async () => {});
      expect(screen.getByText('not due')).toBeTruthy();
      cleanup();
    }
  });

  it('is not due where the browser already granted or refused it, nor without geolocation', async () => {
    for (const state of ['granted', 'denied']) {
      vi.stubGlobal('navigator', {
        geolocation: { getCurrentPosition: () => {} },
        permissions: { query: async () => ({ state }) },
      });
      render(<Probe />);
      await act(async () => {});
      expect(screen.getByText('not due')).toBeTruthy();
      cleanup();
    }
    vi.stubGlobal('navigator', {});
    render(<Probe />);
    await act(async () => {});
    expect(screen.getByText('not due')).toBeTruthy();
  });
});
