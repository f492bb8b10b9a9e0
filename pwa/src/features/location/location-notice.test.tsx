import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_KEY, locationDecision, locationNotice, passOverLocation } from './location';
import { LocationNotice } from './location-notice';

/** A browser with geolocation whose permission has not been asked yet: the question is due. */
function undecidedBrowser() {
  vi.stubGlobal('navigator', {
    geolocation: { getCurrentPosition: () => {} },
    permissions: { query: async () => ({ state: 'prompt' }) },
  });
}

describe('the location question, asked once per device', () => {
  beforeEach(() => {
    localStorage.clear();
    undecidedBrowser();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts going on past the shown question (Start Game, card 1 answered) as "Not now"', async () => {
    const { unmount } = render(<LocationNotice compact />);
    await screen.findByRole('complementary', { name: 'Share your location?' });
    // The question counts as shown from its effect, which React may run after the paint.
    await act(async () => {});
    passOverLocation();
    expect(locationDecision()).toBe('declined');
    unmount();
    expect(await locationNotice()).toBeNull();
  });

  it('does not decide anything when the question was not on screen', async () => {
    passOverLocation();
    expect(localStorage.getItem(LOCATION_KEY)).toBeNull();
    // Shown, then gone (answered "Allow" elsewhere, or the screen left): no longer counts.
    const { unmount } = render(<LocationNotice />);
    await screen.findByRole('complementary', { name: 'Share your location?' });
    act(() => unmount());
    passOverLocation();
    expect(localStorage.getItem(LOCATION_KEY)).toBeNull();
    expect(await locationNotice()).toBe('ask');
  });

  it('keeps an answer already given', async () => {
    render(<LocationNotice />);
    await screen.findByRole('complementary', { name: 'Share your location?' });
    localStorage.setItem(LOCATION_KEY, 'allowed');
    passOverLocation();
    expect(locationDecision()).toBe('allowed');
  });
});
