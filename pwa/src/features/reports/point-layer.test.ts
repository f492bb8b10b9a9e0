import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { mercatorX, mercatorY } from './point-layer';

describe('the dots’ projection', () => {
  it('is Leaflet’s own (EPSG:3857 at zoom 0), without a LatLng per point', () => {
    for (const [lat, lng] of [
      [37.7749, -122.4194],
      [48.8566, 2.3522],
      [-33.8688, 151.2093],
      [0, 0],
      [89.9, -180],
      [-89.9, 180],
    ]) {
      const at = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lng), 0);
      expect(mercatorX(lng)).toBeCloseTo(at.x, 9);
      expect(mercatorY(lat)).toBeCloseTo(at.y, 9);
    }
  });
});
