import L from 'leaflet';
import { useEffect, useRef } from 'react';
import 'leaflet/dist/leaflet.css';
import { OUTLINE_ATTRIBUTION, outlineLayers } from './basemap';
import { type DrawStats, type MapPointLike, PointLayer } from './point-layer';

/*
 * Leaflet, its CSS and the packaged outlines are imported here only, and this module is loaded
 * with a dynamic import by the Location Map screen: no other screen carries them (DESIGN.md §5).
 */

/** The spec's default view (§9): the central US at zoom 3. */
export const MAP_CENTRE: L.LatLngTuple = [39.5, -98.35];
export const MAP_ZOOM = 3;

/** What the map is drawn on: the configured tiles, or the packaged outlines. */
export type Basemap = 'tiles' | 'outline' | 'outline-fallback';

const OUTLINE_PANE = 'outline';

/** The tile server's credit: OpenStreetMap's own wording for its servers, else its host. */
function tileAttribution(template: string): string {
  try {
    const host = new URL(template.replace(/\{[a-z]\}/g, 'a')).hostname;
    return /(^|\.)openstreetmap\.(org|fr|de)$/.test(host) ? '© OpenStreetMap contributors' : `Tiles: ${host}`;
  } catch {
    return '';
  }
}

/**
 * The Location Map: outlines always underneath (their own pane, below the tiles), the configured
 * tiles over them when they load, and every result as a dot on one canvas on top. Tiles that fail
 * before any has loaded are dropped, so the outlines show instead of grey squares.
 */
export function MapView({
  points,
  tileUrl,
  onDraw,
  onBasemap,
}: {
  points: readonly MapPointLike[];
  /** MAP_TILE_URL; '' when none is configured. */
  tileUrl: string;
  onDraw: (stats: DrawStats) => void;
  onBasemap: (basemap: Basemap) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  // Latest callbacks without redrawing the map when they change.
  const callbacks = useRef({ onDraw, onBasemap });
  callbacks.current = { onDraw, onBasemap };

  // The map and its basemap.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const map = L.map(el, {
      center: MAP_CENTRE,
      zoom: MAP_ZOOM,
      minZoom: 2,
      maxZoom: tileUrl ? 18 : 10,
      worldCopyJump: false,
      zoomControl: true,
    });
    mapRef.current = map;
    const pane = map.createPane(OUTLINE_PANE);
    // Under the tile pane (200): tiles that load cover the outlines.
    pane.style.zIndex = '150';
    for (const layer of outlineLayers(OUTLINE_PANE)) layer.addTo(map);

    if (tileUrl) {
      let loaded = false;
      const tiles = L.tileLayer(tileUrl, {
        maxZoom: 18,
        attribution: tileAttribution(tileUrl),
        // The CSP allows the template's origin with {s} as "a" (security.ts): ask only that one.
        subdomains: ['a'],
      });
      tiles.on('tileload', () => {
        if (loaded) return;
        loaded = true;
        callbacks.current.onBasemap('tiles');
      });
      tiles.on('tileerror', () => {
        if (loaded || !map.hasLayer(tiles)) return;
        map.removeLayer(tiles);
        map.attributionControl.addAttribution(OUTLINE_ATTRIBUTION);
        map.setMaxZoom(10);
        callbacks.current.onBasemap('outline-fallback');
      });
      tiles.addTo(map);
    } else {
      map.attributionControl.addAttribution(OUTLINE_ATTRIBUTION);
      callbacks.current.onBasemap('outline');
    }
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl]);

  // The dots: a new set replaces the old one in place (the view stays where the user left it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map (another tile template) needs its dots again
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = new PointLayer(points, (stats) => callbacks.current.onDraw(stats));
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [points, tileUrl]);

  return <div ref={box} className="report-map" data-testid="location-map" />;
}
