/*
 * Packaged outlines (Natural Earth 1:110m countries; US Census 1:10m states), bundled into the
 * map's own chunk: the map reads with no tile server and no network beyond this app.
 */
import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import usJson from 'us-atlas/states-10m.json';
import worldJson from 'world-atlas/countries-110m.json';

type Topology = Parameters<typeof mesh>[0];
type TopoObject = NonNullable<Parameters<typeof mesh>[1]>;
const world = worldJson as unknown as Topology;
const us = usJson as unknown as Topology;

export const OUTLINE_ATTRIBUTION = 'Outlines: Natural Earth, U.S. Census Bureau';

type Position = number[];
type Coordinates = Position | Coordinates[];

/** The same coordinates a whole turn east or west. */
const shifted = (c: Coordinates, dx: number): Coordinates =>
  typeof c[0] === 'number'
    ? [(c[0] as number) + dx, ...(c as Position).slice(1)]
    : (c as Coordinates[]).map((x) => shifted(x, dx));

/** Land one world west and east too: a wide view past the date line shows Asia, not an empty sea. */
function landCopies(land: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection {
  const copies = [-360, 360].flatMap((dx) =>
    land.features.flatMap((f) => {
      if (!f.geometry) return [];
      const g = f.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
      return { ...f, geometry: { ...g, coordinates: shifted(g.coordinates as Coordinates, dx) } } as GeoJSON.Feature;
    }),
  );
  return { type: 'FeatureCollection', features: [...land.features, ...copies] };
}

/**
 * The basemap drawn from packaged data: land with country borders, and the borders between US
 * states (where most results are). Drawn on one canvas in its own pane under the tiles, so tiles
 * that load cover it and tiles that fail leave it showing.
 */
export function outlineLayers(pane: string): L.Layer[] {
  const renderer = L.canvas({ pane, padding: 0.5 });
  const countries = feature(world, world.objects.countries as TopoObject) as GeoJSON.FeatureCollection;
  const land = L.geoJSON(landCopies(countries), {
    pane,
    renderer,
    interactive: false,
    style: { fillColor: '#f7f5ef', fillOpacity: 1, color: '#8f9b98', weight: 0.8, opacity: 1 },
  } as L.GeoJSONOptions);
  // Borders shared by two states only: the coast is already drawn by the land.
  const stateBorders = L.geoJSON(
    mesh(us, us.objects.states as TopoObject, (a, b) => a !== b),
    {
      pane,
      renderer,
      interactive: false,
      style: { color: '#a9b3b1', weight: 0.6, opacity: 1, fill: false },
    } as L.GeoJSONOptions,
  );
  return [land, stateBorders];
}
