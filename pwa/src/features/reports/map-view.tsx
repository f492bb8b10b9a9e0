import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import 'leaflet/dist/leaflet.css';
import { OUTLINE_ATTRIBUTION, outlineLayers } from './basemap';
import { type Cluster, clusterText } from './point-clusters';
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

/** On load the map fits its results, zoomed in no further than this (one city: its region). */
const FIT_MAX_ZOOM = 7;
/** The groups in view offered as buttons under the map (the largest). */
const GROUP_BUTTONS = 8;

/** The view that shows every result of `bounds`, no closer than FIT_MAX_ZOOM. */
function fitTo(map: L.Map, bounds: L.LatLngBounds): void {
  map.fitBounds(bounds, { padding: [40, 40], maxZoom: Math.min(FIT_MAX_ZOOM, map.getMaxZoom()), animate: false });
}

/** The box around the results, or null when there are none. */
export function pointsBounds(points: readonly MapPointLike[]): L.LatLngBounds | null {
  if (points.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const p of points) {
    if (p.latitude < south) south = p.latitude;
    if (p.latitude > north) north = p.latitude;
    if (p.longitude < west) west = p.longitude;
    if (p.longitude > east) east = p.longitude;
  }
  return L.latLngBounds([south, west], [north, east]);
}

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
  const layerRef = useRef<PointLayer | null>(null);
  /** The map was fitted to its results once (later filters keep the user's view). */
  const fitted = useRef(false);
  /**
   * The results' bounds, waiting for the map's box to have a size: a fit made while the box had none
   * (the page's styles not applied yet on a slow load) zoomed in on empty sea and stayed there.
   */
  const pendingFit = useRef<L.LatLngBounds | null>(null);
  const [groups, setGroups] = useState<Cluster[]>([]);
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
    fitted.current = false;
    // The view's box, for a journey to check what is in sight.
    const sayBounds = () => {
      el.dataset.bounds = map.getBounds().toBBoxString();
    };
    map.on('moveend', sayBounds);
    sayBounds();
    // Leaflet measures its box once: a box that gets (or changes) its size later is measured again,
    // and a fit that waited for it is made.
    const resized = new ResizeObserver(() => {
      map.invalidateSize({ animate: false });
      if (pendingFit.current && el.clientWidth > 0 && el.clientHeight > 0) {
        fitTo(map, pendingFit.current);
        pendingFit.current = null;
      }
    });
    resized.observe(el);
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
      resized.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl]);

  // The dots: a new set replaces the old one in place (the view stays where the user left it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map (another tile template) needs its dots again
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // The first results fit the view (spec §9's US view stays when there are none).
    const bounds = fitted.current ? null : pointsBounds(points);
    if (bounds) {
      fitted.current = true;
      const el = map.getContainer();
      if (el.clientWidth > 0 && el.clientHeight > 0) fitTo(map, bounds);
      else pendingFit.current = bounds;
    }
    const layer = new PointLayer(points, (stats) => {
      setGroups(stats.groups);
      callbacks.current.onDraw(stats);
    });
    layerRef.current = layer;
    layer.addTo(map);
    return () => {
      layer.remove();
      layerRef.current = null;
    };
  }, [points, tileUrl]);

  const shown = [...groups].sort((a, b) => b.total - a.total || b.fail - a.fail).slice(0, GROUP_BUTTONS);
  return (
    <>
      <div ref={box} className="report-map" data-testid="location-map" />
      {/* The groups drawn in view, in words and by keyboard: each zooms to its results (or, all at one place, says them). */}
      {shown.length > 0 && (
        <nav className="report-groups" aria-label="Groups on the map">
          <p className="report-groups-title">
            {groups.length === 1 ? 'In view:' : `In view, ${groups.length.toLocaleString('en-US')} places:`}
          </p>
          <ul>
            {shown.map((g) => (
              <li key={`${Math.round(g.x)},${Math.round(g.y)}`}>
                <button
                  type="button"
                  className={g.fail > 0 ? 'report-group report-group-fail' : 'report-group'}
                  data-testid="map-group"
                  onClick={() => layerRef.current?.open(g)}
                >
                  {clusterText(g)}
                </button>
              </li>
            ))}
          </ul>
          {groups.length > shown.length && (
            <p className="hint">The {shown.length} largest are listed; zoom in to see the others.</p>
          )}
        </nav>
      )}
    </>
  );
}
