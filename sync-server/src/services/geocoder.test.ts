import { describe, expect, it } from 'vitest';
import { locateResult, NO_PLACE, sharedGeocoder } from './geocoder';

describe('geocoder (offline, from packaged data)', () => {
  const geocoder = sharedGeocoder();
  const at = (latitude: number, longitude: number) => geocoder.locate(latitude, longitude);

  it('loads countries, US states and places', () => {
    expect(geocoder.stats.countries).toBeGreaterThan(200);
    expect(geocoder.stats.states).toBeGreaterThanOrEqual(51);
    expect(geocoder.stats.cities).toBeGreaterThan(100_000);
  });

  it('San Francisco', () => {
    expect(at(37.7749, -122.4194)).toEqual({ country: 'United States', state: 'California', city: 'San Francisco' });
  });

  it('Paris', () => {
    expect(at(48.8566, 2.3522)).toEqual({ country: 'France', state: 'Île-de-France', city: 'Paris' });
  });

  it('New York', () => {
    expect(at(40.7128, -74.006)).toEqual({ country: 'United States', state: 'New York', city: 'New York City' });
  });

  it('Texas: a city, and open country far from any place', () => {
    expect(at(30.2672, -97.7431)).toEqual({ country: 'United States', state: 'Texas', city: 'Austin' });
    // Texarkana, Texas, a few hundred metres from the Arkansas line: the state is the polygon's.
    expect(at(33.4251, -94.0477)).toMatchObject({ country: 'United States', state: 'Texas' });
    expect(at(29.3, -103.3)).toMatchObject({ country: 'United States', state: 'Texas' });
  });

  it('open sea: no country, no state, no city', () => {
    expect(at(0, -30)).toEqual(NO_PLACE);
    expect(at(0, 0)).toEqual(NO_PLACE);
    expect(at(-45, -140)).toEqual(NO_PLACE);
  });

  it('a place with no city within 50 km keeps its country and state', () => {
    expect(at(38.5, -116.5)).toEqual({ country: 'United States', state: 'Nevada', city: null });
  });

  it('a city across a border is not taken: Windsor is in Canada, Detroit in the United States', () => {
    expect(at(42.3149, -83.0364)).toEqual({ country: 'Canada', state: 'Ontario', city: 'Windsor' });
    expect(at(42.3314, -83.0458)).toEqual({ country: 'United States', state: 'Michigan', city: 'Detroit' });
  });

  it('other countries name their first-level division', () => {
    expect(at(51.5074, -0.1278)).toEqual({ country: 'United Kingdom', state: 'England', city: 'London' });
    expect(at(-33.8688, 151.2093)).toEqual({ country: 'Australia', state: 'New South Wales', city: 'Sydney' });
  });

  it('a position just off a simplified coastline is on land when a place is close', () => {
    // Fisherman's Wharf pier, San Francisco.
    expect(at(37.8087, -122.4098)).toMatchObject({ country: 'United States', state: 'California' });
  });

  it('impossible positions and no position are no place', () => {
    expect(at(91, 0)).toEqual(NO_PLACE);
    expect(at(0, 181)).toEqual(NO_PLACE);
    expect(at(Number.NaN, 0)).toEqual(NO_PLACE);
    expect(at(0, Number.POSITIVE_INFINITY)).toEqual(NO_PLACE);
    expect(locateResult(null, null)).toEqual(NO_PLACE);
    expect(locateResult(37.7749, null)).toEqual(NO_PLACE);
  });

  it('is fast: well over 10,000 lookups a second', () => {
    // A fixed pseudo-random walk over the inhabited latitudes (land and sea).
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const n = 20_000;
    const points = Array.from({ length: n }, () => [-60 + next() * 130, -180 + next() * 360]);
    const started = performance.now();
    let located = 0;
    for (const [lat, lon] of points) if (geocoder.locate(lat, lon).country) located++;
    const perSecond = n / ((performance.now() - started) / 1000);
    expect(located).toBeGreaterThan(n * 0.15);
    expect(perSecond).toBeGreaterThan(10_000);
  });
});
