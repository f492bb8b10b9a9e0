// `npm run bench:results`: the staff's results list, CSV export and reports on a large database.
// 1. A fresh DATA_DIR; the real server is started once through the launcher (as `npm start` runs
//    it; SEED_DEMO=on so kit DEMO1 exists, an Admin from ADMIN_EMAIL/ADMIN_PASSWORD) so the
//    migrations run, then stopped.
// 2. BENCH_RESULTS results (default 1,000,000) are written straight into the SQLite file with
//    better-sqlite3 (not over HTTP): 10 kits (DEMO1 and nine copies with their own cards and
//    kit_versions snapshot), 50 organizations (some inactive), ~30 % of results without one,
//    played_at over the last 18 months (denser lately, inserted in time order), ~60 % Pass, names
//    from short lists, ~40 % with medical data, ~70 % located in US cities, ~15 % in world cities,
//    ~15 % without a position. The answers are written after (the insights block below). The indexes of test_results are dropped during the load and built again after.
// 3. The server is started again on that file and measured over HTTP with an Admin token:
//    GetTestResultList's first page (10 rows, with totalCount) p50/p95 of BENCH_RUNS (default 20)
//    runs after 2 uncounted ones, unfiltered, with each single filter and with a combination; the
//    full ExportCsv (time, rows/s, the server's peak RSS during it: VmHWM is reset through
//    /proc/<pid>/clear_refs before and read after); each report over the current year (p50 of 5).
// Budgets: first page p95 ≤ 50 ms unfiltered and ≤ 150 ms combined (single filters are shown
// against 150 ms); export ≥ 100,000 rows/s with peak RSS ≤ 180 MB; each report ≤ 500 ms.
// BENCH_DATA_DIR=<dir> keeps the data there (loaded once: a second run with the same dir reuses it).
// PostgreSQL (BENCH_DATABASE_URL; scripts/lib/bench-postgres.mjs): `auto` starts a throw-away cluster
// (stopped at the end), a postgres://… URL makes a fresh database on that server (dropped at the end
// unless BENCH_DATA_DIR is set). The SQLite data above is copied into it (the same rows, same ids),
// the server is run on it (DATABASE_URL, with JWT_SECRET, TOTP_KEY, PASS_CERT_DIR and UPLOADS_DIR
// given, as every instance on a shared database needs) and measured the same way; then the results
// push throughput (SaveTestResult) with one server against two on the same database (no budget).
// The figures are printed side by side with their budgets.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  BENCH_POOL,
  copyIntoPostgres,
  openPostgresTarget,
  postgresReader,
  sharedSecrets,
} from './lib/bench-postgres.mjs';
import { ensureDependencies, log } from './lib/bootstrap.mjs';
import { CONFIG_VARS, freePort, launchServer, SERVER_DIR } from './lib/server.mjs';

const TOTAL = Number(process.env.BENCH_RESULTS || 1_000_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 20));
const WARM = 2;
const REPORT_RUNS = 5;
const ADMIN = { email: 'bench-admin@scentry.local', password: 'Bench-Pass-12345' };
const DAY = 86_400_000;
const SPAN_DAYS = 548; // ~18 months
const PG_SPEC = (process.env.BENCH_DATABASE_URL ?? '').trim();
const PUSH_SECONDS = Math.max(2, Number(process.env.BENCH_PUSH_SECONDS || 6));

ensureDependencies();

const requireServer = createRequire(path.join(SERVER_DIR, 'package.json'));
const Sqlite = requireServer('better-sqlite3');

const keep = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = keep
  ? path.resolve(process.env.BENCH_DATA_DIR)
  : path.join(mkdtempSync(path.join(tmpdir(), 'scentry-bench-results-')), 'data');
mkdirSync(dataDir, { recursive: true });
const dbFile = path.join(dataDir, 'scentry.db');
const serverLog = keep
  ? path.join(dataDir, 'bench-results-server.log')
  : path.join(path.dirname(dataDir), 'server.log');

/** The servers running now (killed if this process ends early). @type {Set<import('./lib/server.d.mts').ServerProcess>} */
const servers = new Set();
process.on('exit', () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  if (!keep) rmSync(path.dirname(dataDir), { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/**
 * An engine the bench measures: the variables its servers get (instance 1, 2, …), their log, and
 * read-only SQL on its database (`all(sql, params)` with `?` placeholders).
 * @typedef {{ name: string, env: (instance: number) => Record<string, string | number>, log: (instance: number) => string,
 *   reader: () => Promise<{ all: (sql: string, params?: unknown[]) => Promise<any[]>, close: () => Promise<void> }> }} Engine
 */
/** @type {Engine} */
const sqliteEngine = {
  name: 'SQLite',
  env: () => ({ DATA_DIR: dataDir }),
  log: () => serverLog,
  async reader() {
    const db = new Sqlite(dbFile, { readonly: true });
    return { all: async (sql, params = []) => db.prepare(sql).all(...params), close: async () => db.close() };
  },
};

/** @param {Engine} engine */
async function start(engine = sqliteEngine, instance = 1) {
  const port = await freePort();
  const s = launchServer({
    env: {
      // Every Configuration variable of the caller's shell dropped (DATABASE_URL and friends too).
      ...Object.fromEntries(CONFIG_VARS.map((name) => [name, undefined])),
      PORT: port,
      HOST: '127.0.0.1',
      SEED_DEMO: 'on',
      RATE_LIMITS: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...engine.env(instance),
    },
    output: { file: engine.log(instance) },
  });
  servers.add(s);
  s.exited.then(() => servers.delete(s));
  await s.waitReady({ timeoutMs: 300_000 });
  return { s, api: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------------------------------------
// Data: deterministic (seeded) so runs compare.
let seed = 0x5eed1234;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
/** A weighted chooser over `items` (weights from `weight(item, index)`). */
function weighted(items, weight) {
  const cum = [];
  let sum = 0;
  items.forEach((item, i) => {
    sum += weight(item, i);
    cum.push(sum);
  });
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Mei',
  'Ahmed',
  'Fatima',
  'Raj',
  'Priya',
  'Hiroshi',
  'Yuki',
  'Olga',
  'Ivan',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Nguyen',
  'Chen',
  'Patel',
  'Kim',
  'Singh',
  'Tanaka',
  'Ivanova',
  'Okafor',
  'Schmidt',
];
const RACES = [
  ['White', 50],
  ['Black or African American', 13],
  ['Hispanic or Latino', 18],
  ['Asian', 7],
  ['American Indian or Alaska Native', 2],
  ['Native Hawaiian or Other Pacific Islander', 1],
  ['Some Other Race', 9],
];
/** [city, state, latitude, longitude, weight] */
const US = [
  ['New York', 'New York', 40.7128, -74.006, 18],
  ['Los Angeles', 'California', 34.0522, -118.2437, 12],
  ['San Francisco', 'California', 37.7749, -122.4194, 6],
  ['San Diego', 'California', 32.7157, -117.1611, 4],
  ['Chicago', 'Illinois', 41.8781, -87.6298, 9],
  ['Houston', 'Texas', 29.7604, -95.3698, 8],
  ['Dallas', 'Texas', 32.7767, -96.797, 6],
  ['Austin', 'Texas', 30.2672, -97.7431, 3],
  ['Phoenix', 'Arizona', 33.4484, -112.074, 5],
  ['Philadelphia', 'Pennsylvania', 39.9526, -75.1652, 5],
  ['Seattle', 'Washington', 47.6062, -122.3321, 4],
  ['Portland', 'Oregon', 45.5152, -122.6784, 2],
  ['Denver', 'Colorado', 39.7392, -104.9903, 3],
  ['Boston', 'Massachusetts', 42.3601, -71.0589, 4],
  ['Miami', 'Florida', 25.7617, -80.1918, 5],
  ['Orlando', 'Florida', 28.5383, -81.3792, 2],
  ['Atlanta', 'Georgia', 33.749, -84.388, 4],
  ['Detroit', 'Michigan', 42.3314, -83.0458, 2],
  ['Minneapolis', 'Minnesota', 44.9778, -93.265, 2],
  ['Nashville', 'Tennessee', 36.1627, -86.7816, 2],
  ['Charlotte', 'North Carolina', 35.2271, -80.8431, 2],
  ['Las Vegas', 'Nevada', 36.1699, -115.1398, 2],
  ['Salt Lake City', 'Utah', 40.7608, -111.891, 1],
  ['Kansas City', 'Missouri', 39.0997, -94.5786, 1],
  ['New Orleans', 'Louisiana', 29.9511, -90.0715, 1],
];
/** [city, state, country, latitude, longitude] */
const WORLD = [
  ['London', 'England', 'United Kingdom', 51.5074, -0.1278],
  ['Paris', 'Île-de-France', 'France', 48.8566, 2.3522],
  ['Berlin', 'Berlin', 'Germany', 52.52, 13.405],
  ['Madrid', 'Community of Madrid', 'Spain', 40.4168, -3.7038],
  ['Rome', 'Lazio', 'Italy', 41.9028, 12.4964],
  ['Toronto', 'Ontario', 'Canada', 43.6532, -79.3832],
  ['Vancouver', 'British Columbia', 'Canada', 49.2827, -123.1207],
  ['Mexico City', 'Mexico City', 'Mexico', 19.4326, -99.1332],
  ['São Paulo', 'São Paulo', 'Brazil', -23.5505, -46.6333],
  ['Tokyo', 'Tokyo', 'Japan', 35.6762, 139.6503],
  ['Seoul', 'Seoul', 'South Korea', 37.5665, 126.978],
  ['Mumbai', 'Maharashtra', 'India', 19.076, 72.8777],
  ['Sydney', 'New South Wales', 'Australia', -33.8688, 151.2093],
  ['Lagos', 'Lagos', 'Nigeria', 6.5244, 3.3792],
  ['Cairo', 'Cairo', 'Egypt', 30.0444, 31.2357],
];

/**
 * Country, state and city of a position: from the server's own geocoder when it has one
 * (sync-server/src/services/geocoder.ts: `locateResult(latitude, longitude)`, synchronous), else
 * from the list the position was drawn from.
 */
async function loadGeocoder() {
  const file = path.join(SERVER_DIR, 'src/services/geocoder.ts');
  if (!existsSync(file)) return undefined;
  try {
    // tsx's ESM API (its `import` condition; require.resolve would give the CommonJS one).
    const tsxDir = path.dirname(requireServer.resolve('tsx/package.json'));
    const { tsImport } = await import(pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href);
    const mod = await tsImport(pathToFileURL(file).href, import.meta.url);
    const fn = mod.locateResult;
    const probe = typeof fn === 'function' ? fn(40.7128, -74.006) : undefined;
    if (probe && typeof probe === 'object' && !('then' in probe) && 'country' in probe) return fn;
    log('the geocoder has no usable locateResult(latitude, longitude); places come from the city list');
  } catch (err) {
    log(`geocoder not usable (${err.message}); places come from the city list`);
  }
  return undefined;
}

function copyKit(db, demo, name, active) {
  const kit = db
    .prepare('INSERT INTO test_kits (name, name_key, is_active, pass_threshold, version) VALUES (?, ?, ?, 4, 1)')
    .run(name, name.toLowerCase(), active ? 1 : 0);
  const kitId = Number(kit.lastInsertRowid);
  const snapshot = JSON.parse(demo.snapshot);
  snapshot.id = name.toLowerCase();
  snapshot.kitId = kitId;
  snapshot.name = name;
  for (const card of snapshot.cards) {
    card.name = `${name} ${card.name.replace(/^Demo /, '')}`;
    card.id = Number(
      db
        .prepare('INSERT INTO scent_cards (test_kit_id, name, sort_order, correct_scent_option_id) VALUES (?, ?, ?, ?)')
        .run(kitId, card.name, card.sortOrder, card.correctScentOptionId).lastInsertRowid,
    );
    for (const option of card.options) {
      option.scentCardOptionId = Number(
        db
          .prepare('INSERT INTO scent_card_options (scent_card_id, scent_option_id, sort_order) VALUES (?, ?, ?)')
          .run(card.id, option.scentOptionId, option.sortOrder).lastInsertRowid,
      );
    }
  }
  db.prepare('INSERT INTO kit_versions (test_kit_id, version, code, snapshot) VALUES (?, 1, ?, ?)').run(
    kitId,
    snapshot.id,
    JSON.stringify(snapshot),
  );
  return kitId;
}

async function load() {
  const geocode = await loadGeocoder();
  const db = new Sqlite(dbFile);
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  const t0 = performance.now();

  // Kits: DEMO1 and nine copies (one inactive), DEMO1 and the first copies played most.
  const demo = db.prepare("SELECT * FROM kit_versions WHERE code = 'demo1'").get();
  const kits = [{ id: demo.test_kit_id, name: 'DEMO1' }];
  const catalogue = db.transaction(() => {
    const names = ['SNIFF2', 'SCENT3', 'CLINIC4', 'SCHOOL5', 'FAIR6', 'PHARMA7', 'NEURO8', 'SENIOR9', 'PILOT10'];
    for (const [i, name] of names.entries()) kits.push({ id: copyKit(db, demo, name, i !== 8), name });
    // Organizations: 50, eight inactive, some not disclosing names.
    const orgs = [];
    const insertOrg = db.prepare(
      'INSERT INTO organizations (name, code, email, phone, address, is_active, disclose_user_details) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= 50; i++) {
      const [city] = US[i % US.length];
      const id = Number(
        insertOrg.run(
          `${city} Health Partner ${i}`,
          `ORG${i}`,
          `contact${i}@org${i}.example`,
          `555-01${String(i).padStart(2, '0')}`,
          `${i} Main Street, ${city}`,
          i % 6 === 0 ? 0 : 1,
          i % 5 === 0 ? 0 : 1,
        ).lastInsertRowid,
      );
      orgs.push(id);
    }
    return orgs;
  });
  const orgs = catalogue();
  const insightsData = insightsLoader(db, kits); // #24 insights: answers of every result
  const chooseKit = weighted(kits, (_k, i) => 1 / (i + 1));
  const chooseOrg = weighted(orgs, (_o, i) => 1 / (1 + (i % 17)));
  const chooseUs = weighted(US, (c) => c[4]);
  const chooseRace = weighted(RACES, (r) => r[1]);
  // The four surnames ending in "son" drawn 3.2 times as often: "son" is then in about 30 % of all
  // names (the search text that matches a large share of the results), "Guest Player" in 9 %.
  const chooseLast = weighted(LAST, (name) => (name.endsWith('son') ? 3.2 : 1));

  const usPlaces = US.map(([city, state]) => ({ country: 'United States', state, city }));
  const worldPlaces = WORLD.map(([city, state, country]) => ({ country, state, city }));

  // Play times: 30 % uniform over 18 months, 70 % growing linearly toward now; sorted (the table
  // fills in time order, as a real one does).
  const now = Date.now();
  const times = new Float64Array(TOTAL);
  for (let i = 0; i < TOTAL; i++) {
    const u = rand();
    const daysAgo = rand() < 0.3 ? u * SPAN_DAYS : SPAN_DAYS * (1 - Math.sqrt(u));
    times[i] = now - 60_000 - daysAgo * DAY;
  }
  times.sort();

  // Indexes of test_results off during the load, built again afterwards in their creation order
  // (without statistics SQLite prefers, between two indexes it rates alike, the later one).
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'test_results' AND sql IS NOT NULL ORDER BY rowid",
    )
    .all();
  for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`);
  // #24 results: the triggers that keep the names' trigram index current are off too; the index is
  // filled once after the rows (timed on its own below). The kit answer tallies' triggers stay on.
  const triggers = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'test_results' AND name LIKE 'test_results_names_fts%' ORDER BY rowid",
    )
    .all();
  for (const tr of triggers) db.exec(`DROP TRIGGER "${tr.name}"`);

  const insert = db.prepare(`INSERT INTO test_results (
      id, test_kit_id, kit_version, organization_id, latitude, longitude, country, state, city,
      first_name, last_name, played_at, result_status, right_answer_count, play_hash,
      age, gender, race, is_alzheimer_disease, is_parkinson_disease, is_head_injuries_concussion,
      is_sino_nasal_disease, is_other_neurological_disorder, is_alzheimer_disease_in_family,
      is_parkinson_disease_in_family, is_other_neurological_disorder_in_family, medical_updated_at,
      questionnaire_completed, created_at, played_at_adjusted
    ) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)`);
  const flag = (p) => (rand() < p ? 1 : 0);
  const BATCH = 50_000;
  const batch = db.transaction((from, to) => {
    const hashes = randomBytes(32 * (to - from)).toString('hex');
    for (let i = from; i < to; i++) {
      const playedAt = new Date(times[i]);
      const created = new Date(times[i] + 1_000 + rand() * 600_000);
      const pass = rand() < 0.6;
      let lat = null;
      let lon = null;
      let where = { country: null, state: null, city: null };
      const p = rand();
      if (p < 0.7) {
        const c = chooseUs();
        lat = c[2] + (rand() - 0.5) * 0.3;
        lon = c[3] + (rand() - 0.5) * 0.3;
        where = geocode ? geocode(lat, lon) : usPlaces[US.indexOf(c)];
      } else if (p < 0.85) {
        const w = Math.floor(rand() * WORLD.length);
        lat = WORLD[w][3] + (rand() - 0.5) * 0.3;
        lon = WORLD[w][4] + (rand() - 0.5) * 0.3;
        where = geocode ? geocode(lat, lon) : worldPlaces[w];
      }
      const medical = rand() < 0.4;
      const guest = !medical && rand() < 0.15; // the medical form asks for names
      let age = null;
      if (medical) age = rand() < 0.1 ? 1 + Math.floor(rand() * 100) : Math.round(18 + rand() * 45 + rand() * 30);
      const resultId = randomUUID();
      const kitId = chooseKit().id;
      let right = 0;
      // The right answer count as drawn, in the draw's order (the answers below need it).
      const keepRight = (n) => {
        right = n;
        return n;
      };
      insert.run(
        resultId,
        kitId,
        rand() < 0.3 ? null : chooseOrg(),
        lat,
        lon,
        where.country,
        where.state,
        where.city,
        guest ? 'Guest' : pick(FIRST),
        guest ? 'Player' : chooseLast(),
        playedAt.toISOString(),
        pass ? 'Pass' : 'Fail',
        keepRight(pass ? 4 + flag(0.5) : Math.floor(rand() * 4)),
        hashes.slice((i - from) * 64, (i - from + 1) * 64),
        age,
        medical ? (rand() < 0.52 ? 'Female' : 'Male') : null,
        medical ? chooseRace()[0] : null,
        medical ? flag(0.05) : null,
        medical ? flag(0.04) : null,
        medical ? flag(0.08) : null,
        medical ? flag(0.1) : null,
        medical ? flag(0.03) : null,
        medical ? flag(0.12) : null,
        medical ? flag(0.08) : null,
        medical ? flag(0.05) : null,
        medical ? new Date(created.getTime() + 60_000).toISOString() : null,
        created.toISOString(),
      );
      insightsData.add(resultId, kitId, pass, right);
    }
  });
  for (let from = 0; from < TOTAL; from += BATCH) {
    batch(from, Math.min(TOTAL, from + BATCH));
    if ((from / BATCH) % 4 === 3) log(`  ${Math.min(TOTAL, from + BATCH).toLocaleString('en-US')} rows`);
  }
  const tRows = performance.now();
  for (const ix of indexes) db.exec(ix.sql);
  const insightsLoad = insightsData.finish();
  const tIndexes = performance.now();
  const searchIndexMs = fillSearchIndex(db, triggers);
  db.pragma('journal_mode = WAL');
  db.close();
  return {
    insightsLoad,
    rowsMs: tRows - t0,
    indexMs: tIndexes - tRows,
    indexes: indexes.map((ix) => ix.name),
    searchIndexMs,
    geocoder: geocode ? "the server's geocoder (services/geocoder.ts locateResult, per point)" : 'the bench city list',
    kits,
    orgs,
  };
}

// --- #24 insights ---
// GetKitInsights reads each result's answers (test_result_answers, one row a result since migration
// 2026-11-28T1800), which the load above did not write: every result gets one answer per card of its kit (its right answer count
// decides how many are right; easy cards more often, a wrong answer most often the card's first
// distractor, the "confused" one). Drawn from a generator of their own, so the results themselves
// are the same as without this block. The triggers that add results and answers up for GetKitInsights (kit_answer_tallies,
// migration 2026-11-26T0500) stay on, so the load times include what they cost each stored result
// and answer. Measured: GetKitInsights over the last year for DEMO1 (the busiest kit, a third of
// all results) and CLINIC4 (a mid-sized one), p50/p95 of BENCH_RUNS after WARM; budget p95 ≤ 300 ms.
function insightsLoader(db, kits) {
  let s = 0x1a5e9b7;
  const rnd = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const byKit = new Map();
  for (const kit of kits) {
    const row = db
      .prepare('SELECT snapshot FROM kit_versions WHERE test_kit_id = ? ORDER BY version DESC LIMIT 1')
      .get(kit.id);
    const cards = JSON.parse(row.snapshot).cards.map((card) => {
      const wrong = card.options.filter((o) => o.scentOptionId !== card.correctScentOptionId);
      return { ...card, correct: card.options.find((o) => o.scentOptionId === card.correctScentOptionId), wrong };
    });
    byKit.set(kit.id, cards);
  }
  // A result's answers are one row (migration 2026-11-28T1800-answers-row): the JSON list in card order.
  const insert = db.prepare(
    'INSERT INTO test_result_answers (test_result_id, answers, intensity_sum) VALUES (?, ?, ?)',
  );
  let rows = 0;
  let ms = 0;
  return {
    add(resultId, kitId, pass, right) {
      const t = performance.now();
      const cards = byKit.get(kitId);
      // Which cards are right: `right` of them, drawn without replacement, card i weighted
      // 1 / (i + 1) (the first cards easiest).
      const order = cards
        .map((card, i) => ({ card, key: rnd() ** (i + 1) }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.card);
      const answers = [];
      for (const [i, card] of order.entries()) {
        const isRight = i < Math.min(right, cards.length);
        const option = isRight
          ? card.correct
          : rnd() < 0.6
            ? card.wrong[0]
            : card.wrong[Math.floor(rnd() * card.wrong.length)];
        const intensity = isRight ? 2 + Math.floor(rnd() * 4) : Math.floor(rnd() * (pass ? 5 : 4));
        answers.push({
          scentCardId: card.id,
          scentCardName: card.name,
          cardSortOrder: card.sortOrder,
          scentOptionId: option.scentOptionId,
          answerName: option.name,
          answerStoredPath: option.storedPath,
          correctScentOptionId: card.correctScentOptionId,
          smellIntensity: intensity,
          isCorrect: isRight,
        });
        rows++;
      }
      answers.sort((a, b) => a.cardSortOrder - b.cardSortOrder);
      const sum = answers.reduce((n, a) => n + a.smellIntensity, 0);
      insert.run(resultId, JSON.stringify(answers), sum);
      ms += performance.now() - t;
    },
    finish() {
      return { rows, rowsMs: ms, indexMs: 0 };
    },
  };
}

async function measureInsights(post, token, reader) {
  // Answers: five a result (each stored result's kit has five cards).
  const details = 5 * Number((await reader.all('SELECT count(*) AS n FROM test_result_answers'))[0].n);
  const kitIds = await reader.all("SELECT id, name FROM test_kits WHERE name IN ('DEMO1', 'CLINIC4')");
  const todayLa = laDate(Date.now());
  const [m, d, y] = todayLa.split('/');
  const range = { fromDate: `${m}/${d}/${Number(y) - 1}`, toDate: todayLa };
  if (m === '02' && d === '29') range.fromDate = `03/01/${Number(y) - 1}`;
  log(`GetKitInsights ${range.fromDate}–${range.toDate}: ${WARM} + ${RUNS} runs per kit`);
  const rows = [];
  for (const name of ['DEMO1', 'CLINIC4']) {
    const kit = kitIds.find((k) => k.name === name);
    if (!kit) continue;
    const r = await sample(WARM, RUNS, () =>
      post('/api/Report/GetKitInsights', { testKitId: kit.id, ...range }, token),
    );
    const data = r.out?.data;
    rows.push({ name, ...r, plays: data?.plays, answers: data?.cards.reduce((n, c) => n + c.plays, 0) });
  }
  return { rows, details, range };
}

function printInsights({ rows, details, range }, load) {
  const loadNote = load
    ? `; answers loaded in ${((load.rowsMs + load.indexMs) / 1000).toFixed(1)} s (${load.rows.toLocaleString('en-US')} rows ${(load.rowsMs / 1000).toFixed(1)} s + indexes ${(load.indexMs / 1000).toFixed(1)} s)`
    : '';
  const parts = rows.map((r) =>
    r.error
      ? `${r.name} FAILED: ${r.error}`
      : `${r.name} p50 ${ms(r.p50).trim()} p95 ${ms(r.p95).trim()} (${r.plays?.toLocaleString('en-US')} results, ${r.answers?.toLocaleString('en-US')} answers; ${verdict(r.p95 <= 300)})`,
  );
  console.log(
    `GetKitInsights ${range.fromDate}–${range.toDate}, budget p95 ≤ 300 ms: ${parts.join('; ')}${details ? '' : ' — NO test_result_answers (data loaded before #24: use a fresh BENCH_DATA_DIR)'}${loadNote}`,
  );
}

// ---------------------------------------------------------------------------------------------
const laDate = (ms) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (x) => `${x.toFixed(1).padStart(7)} ms`;
const verdict = (ok) => (ok ? 'within' : 'OVER');

const timed = async (fn) => {
  const t = performance.now();
  const out = await fn();
  return { ms: performance.now() - t, out };
};

/** p50/p95 of `runs` calls after `warm` uncounted ones; an error (e.g. a 404 route) is kept, not thrown. */
async function sample(warm, runs, call) {
  const times = [];
  let out;
  try {
    for (let i = 0; i < warm + runs; i++) {
      const t = await timed(call);
      out = t.out;
      if (i >= warm) times.push(t.ms);
    }
  } catch (err) {
    return { error: err.message.slice(0, 300) };
  }
  return { p50: pct(times, 50), p95: pct(times, 95), out };
}

let reused = false;
if (existsSync(dbFile)) {
  const db = new Sqlite(dbFile, { readonly: true });
  reused = db.prepare('SELECT count(*) AS n FROM test_results').get().n > 0;
  db.close();
}
let loaded;
if (!reused) {
  log(`starting the server once on ${dataDir} (migrations, demo kit, Admin)`);
  const first = await start();
  await first.s.stop();
  log(`loading ${TOTAL.toLocaleString('en-US')} results into ${dbFile}`);
  loaded = await load();
  log(
    `loaded in ${((loaded.rowsMs + loaded.indexMs) / 1000).toFixed(1)} s (rows ${(loaded.rowsMs / 1000).toFixed(1)} s, indexes ${(loaded.indexMs / 1000).toFixed(1)} s)`,
  );
} else {
  log(`reusing the results already in ${dbFile}`);
}

// PostgreSQL (BENCH_DATABASE_URL): a fresh database, the same data copied in, its servers' settings.
let pg;
if (PG_SPEC) {
  const target = await openPostgresTarget(PG_SPEC, { log, keep });
  const pgRoot = keep ? path.join(dataDir, 'postgres') : path.join(path.dirname(dataDir), 'postgres');
  mkdirSync(path.join(pgRoot, 'uploads'), { recursive: true });
  // What every instance on one database must share: given here, never made per instance.
  const shared = {
    DATABASE_URL: target.url,
    DATABASE_POOL: BENCH_POOL,
    ...sharedSecrets(),
    // The development chain the SQLite server made in its DATA_DIR, as a configured one.
    PASS_CERT_DIR: path.join(dataDir, 'pass-certs'),
    UPLOADS_DIR: path.join(pgRoot, 'uploads'),
  };
  /** @type {Engine} */
  const engine = {
    name: 'PostgreSQL',
    env: (instance) => ({ ...shared, DATA_DIR: path.join(pgRoot, `instance-${instance}`) }),
    log: (instance) =>
      path.join(keep ? dataDir : path.dirname(dataDir), `bench-results-server-postgres-${instance}.log`),
    reader: () => postgresReader(requireServer, target.url),
  };
  log(`PostgreSQL: ${target.describe}; starting the server once (migrations, demo kit, Admin)`);
  const first = await start(engine);
  await first.s.stop();
  log('PostgreSQL: copying the results from SQLite');
  const sqlite = new Sqlite(dbFile, { readonly: true });
  const copy = await copyIntoPostgres({ sqlite, url: target.url, requireServer, log });
  sqlite.close();
  for (const m of copy.mismatches) log(`PostgreSQL copy MISMATCH: ${m}`);
  pg = { target, engine, copy };
}

const SAVES = Math.max(20, Number(process.env.BENCH_SAVES || 400));

/** Empties and fills the names' trigram index from the rows, then puts `triggers` back; the time taken. */
function fillSearchIndex(db, triggers) {
  const hasIndex = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'test_results_names_fts'").get();
  const t = performance.now();
  if (hasIndex) {
    db.exec('DELETE FROM test_results_names_fts');
    db.exec('DELETE FROM test_results_names_pending');
    db.exec(`INSERT INTO test_results_names_fts (rowid, names)
      SELECT rowid, first_name || ' ' || last_name FROM test_results`);
  }
  const ms = performance.now() - t;
  for (const tr of triggers) db.exec(tr.sql);
  return hasIndex ? ms : null;
}

/**
 * Starts a server on `engine`'s database, measures every figure over HTTP, prints them (as before
 * PostgreSQL: one block per engine), stops it; resolves with the figures the side-by-side table shows.
 * @param {Engine} engine
 */
async function measureEngine(engine) {
  log(`${engine.name}: measuring`);
  const loadBefore = loadavg()[0];
  const { s, api } = await start(engine);
  const reader = await engine.reader();
  const pid = s.child.pid; // the server itself: the launcher spawns node directly
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())?.[1] ?? Number.NaN);
  const rssIdle = kb('VmRSS');
  const post = async (route, body, token) => {
    const res = await fetch(api + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${route} → ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
    return json;
  };
  const token = (await post('/api/User/Authenticate', { email: ADMIN.email, password: ADMIN.password })).data.token;

  // What the filters pick: read from the database (kits and organizations by name, counts).
  const facts = await (async () => {
    const one = async (sql) => (await reader.all(sql))[0];
    const kit = (await one("SELECT id FROM test_kits WHERE name = 'CLINIC4'"))?.id ?? 1;
    const org = (await one("SELECT id FROM organizations WHERE code = 'ORG3'"))?.id ?? 1;
    const topKit = (await one("SELECT id FROM test_kits WHERE name = 'DEMO1'"))?.id ?? 1;
    const topOrg = (await one("SELECT id FROM organizations WHERE code = 'ORG1'"))?.id ?? 1;
    const total = Number((await one('SELECT count(*) AS n FROM test_results')).n);
    return { kit, org, topKit, topOrg, total };
  })();

  const now = Date.now();
  const today = laDate(now);
  const [mm, , yyyy] = today.split('/').map(Number);
  const prevMonth = mm === 1 ? { m: 12, y: yyyy - 1 } : { m: mm - 1, y: yyyy };
  const lastDay = new Date(Date.UTC(prevMonth.y, prevMonth.m, 0)).getUTCDate();
  const p2 = (n) => String(n).padStart(2, '0');
  const month = {
    fromDate: `${p2(prevMonth.m)}/01/${prevMonth.y}`,
    toDate: `${p2(prevMonth.m)}/${lastDay}/${prevMonth.y}`,
  };
  const yearRange = { fromDate: `01/01/${yyyy}`, toDate: today };

  const LIST_CASES = [
    { label: 'no filter', filter: {}, budget: 50 },
    { label: 'searchText "Nguyen"', filter: { searchText: 'Nguyen' } },
    { label: 'searchText, no match', filter: { searchText: 'Zzyzx' } },
    { label: 'testKitId [CLINIC4]', filter: { testKitId: [facts.kit] } },
    { label: 'resultStatus Fail', filter: { resultStatus: 'Fail' } },
    { label: 'gender Female', filter: { gender: 'Female' } },
    { label: 'race Asian', filter: { race: 'Asian' } },
    { label: 'userDisease Parkinson', filter: { userDisease: 'ParkinsonDisease' } },
    { label: 'ageRange 40–60', filter: { ageRangeMin: 40, ageRangeMax: 60 } },
    { label: 'organizationId ORG3', filter: { organizationId: facts.org } },
    { label: `from/to ${month.fromDate}–${month.toDate}`, filter: month },
    {
      label: 'month + Pass + DEMO1 + ORG1 + "Garcia"',
      filter: {
        ...month,
        resultStatus: 'Pass',
        testKitId: [facts.topKit],
        organizationId: facts.topOrg,
        searchText: 'Garcia',
      },
      budget: 150,
    },
  ];

  log(`GetTestResultList: ${WARM} + ${RUNS} runs per case`);
  const listRows = [];
  for (const c of LIST_CASES) {
    const body = { pageNumber: 1, rowsPerPage: 10, ...c.filter };
    const r = await sample(WARM, RUNS, () => post('/api/TestResult/GetTestResultList', body, token));
    listRows.push({ ...c, ...r, count: r.out?.data.totalCount });
  }

  // Export: the whole table, unfiltered. Peak RSS of the server during it only.
  const rssBefore = kb('VmRSS');
  // The server's CPU time (user + system, clock ticks of 10 ms): on a busy machine, rows per CPU
  // second says what the export costs whatever else runs.
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const cpuBefore = cpuMs();
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  log('ExportCsv: the whole table');
  let exportBytes = 0;
  let exportLines = 0;
  let exportStatus = 0;
  let firstLine = '';
  const exportTime = await timed(async () => {
    const res = await fetch(`${api}/api/TestResult/ExportCsv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({}),
    });
    exportStatus = res.status;
    if (res.status !== 200) {
      firstLine = (await res.text()).slice(0, 300);
      return;
    }
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstLine) firstLine = Buffer.from(value.subarray(0, 200)).toString('utf8').split('\n')[0];
      exportBytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) exportLines++;
    }
  });
  const peakKb = kb('VmHWM');
  const exportCpuMs = cpuMs() - cpuBefore;
  const exportRows = Math.max(0, exportLines - 1); // the header line
  const rowsPerSecond = exportRows / (exportTime.ms / 1000);

  log(`reports over ${yearRange.fromDate}–${yearRange.toDate}: 1 + ${REPORT_RUNS} runs each`);
  const REPORTS = [
    ['GetDataLocation', '/api/Report/GetDataLocation', (d) => `${d.totalCount ?? d.list?.length} rows`],
    ['GetLocationData', '/api/Report/GetLocationData', (d) => `${d.length} points`],
    ['PassFailDataByDate', '/api/Report/PassFailDataByDate', (d) => `${d.length} months`],
  ];
  const reportRows = [];
  for (const [label, route, describe] of REPORTS) {
    const body = { dataSetType: 'A', ...yearRange, pageNumber: 1, rowsPerPage: 100 };
    const r = await sample(1, REPORT_RUNS, () => post(route, body, token));
    reportRows.push({ label, ...r, what: r.out ? describe(r.out.data) : '' });
  }
  // --- #24 results ---
  // Traceable results and the names' trigram index (migration 2026-11-26T0500-results-search-index).
  // - The load above drops the index's triggers with the indexes; fillSearchIndex empties the index
  //   and fills it from the loaded rows in one statement (timed: what building it costs), then puts
  //   the triggers back.
  // - Over HTTP with the Admin token: GetTestResultList's first page (10 rows with totalCount) for a
  //   result found by its 8-character id (as printed on the report) and by its whole id with hyphens
  //   (as in the verify link), 20 different results in turn (budget p95 ≤ 50 ms); the search text
  //   alone (a common surname, a two-word name, a text matching nothing; budget p95 ≤ 150 ms).
  // - What the index costs each stored result: its pages (dbstat) ÷ the results, and SaveTestResult
  //   throughput with the triggers on and off (BENCH_SAVES posts per phase, 4 at a time, phases
  //   alternated twice: on, off, on, off; the triggers are dropped and put back from this process
  //   between phases, and the rows saved while they were off are then indexed).
  async function benchResults24() {
    // SQLite: the file itself, to turn the names index's triggers off and on (PostgreSQL's pg_trgm
    // index has no triggers: its saves are measured with the index only).
    const db = engine === sqliteEngine ? new Sqlite(dbFile) : null;
    db?.pragma('busy_timeout = 10000');
    // 20 results spread over the ids, the same on both engines (the first id from 20 prefixes on).
    const ids = [];
    for (let k = 0; k < 20; k++) {
      const from = ((k * 53) % 256).toString(16).padStart(2, '0');
      const id = (await reader.all('SELECT min(id) AS id FROM test_results WHERE id >= ?', [from]))[0]?.id;
      if (id && !ids.includes(id)) ids.push(id);
    }
    const bytes = db
      ? db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'test_results_names_fts%'").pluck().get()
      : Number((await reader.all("SELECT pg_total_relation_size('test_results_names') AS n"))[0].n);
    const snapshot = (
      await reader.all("SELECT snapshot FROM kit_versions WHERE code = 'demo1' ORDER BY version DESC LIMIT 1")
    )[0].snapshot;
    const demo = typeof snapshot === 'string' ? JSON.parse(snapshot) : snapshot;
    const list = (searchText) =>
      post('/api/TestResult/GetTestResultList', { pageNumber: 1, rowsPerPage: 10, searchText }, token);
    let n = 0;
    const byShortId = await sample(WARM, RUNS, async () => {
      const id = ids[n++ % ids.length];
      const out = await list(id.slice(0, 8));
      if (!out.data.list.some((r) => r.id === id)) throw new Error(`${id.slice(0, 8)} did not find ${id}`);
      return out;
    });
    const byFullId = await sample(WARM, RUNS, async () => {
      const id = ids[n++ % ids.length];
      const out = await list(id.toUpperCase());
      if (out.data.list[0]?.id !== id) throw new Error(`${id} not found`);
      return out;
    });
    // A rare name (3 %), the guests' (9 %), a text in about 30 % of the names, and none.
    const texts = ['Nguyen', 'Guest Player', 'son', 'Zzyzx'];
    const searches = [];
    for (const text of texts) searches.push({ text, ...(await sample(WARM, RUNS, () => list(text))) });

    // SaveTestResult: a DEMO1 play with names, posted SAVES times, 4 at a time.
    const answers = demo.cards.map((c, i) => ({
      scentCardsId: c.id,
      answerId: c.options[i % c.options.length].scentOptionId,
      smellIntensity: 1 + (i % 5),
    }));
    const saved = [];
    let saveFailures = 0;
    let firstSaveFailure = null;
    async function saves() {
      let next = 0;
      const t = performance.now();
      const worker = async () => {
        while (next < SAVES) {
          const i = next++;
          const id = randomUUID();
          try {
            await post('/api/TestResult/SaveTestResult', {
              id,
              testKitId: demo.kitId,
              firstName: 'Bench',
              lastName: `Saver ${i}`,
              testResultDetails: answers,
            });
            saved.push(id);
          } catch (err) {
            // Counted, not fatal: a refused save is a figure too (PostgreSQL: see saveFailures).
            saveFailures++;
            firstSaveFailure ??= err.message.slice(0, 200);
          }
        }
      };
      const failedBefore = saveFailures;
      await Promise.all([worker(), worker(), worker(), worker()]);
      return (SAVES - (saveFailures - failedBefore)) / ((performance.now() - t) / 1000);
    }
    const triggers = db
      ? db
          .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'test_results' AND name LIKE 'test_results_names_fts%' ORDER BY rowid",
          )
          .all()
      : [];
    const rates = { on: [], off: [] };
    let saveError = null;
    try {
      for (let round = 0; round < 2; round++) {
        rates.on.push(await saves());
        if (!db) continue;
        for (const tr of triggers) db.exec(`DROP TRIGGER "${tr.name}"`);
        saved.length = 0;
        try {
          rates.off.push(await saves());
        } finally {
          for (const tr of triggers) db.exec(tr.sql);
          const add = db.prepare(`INSERT INTO test_results_names_fts (rowid, names)
          SELECT rowid, first_name || ' ' || last_name FROM test_results WHERE id = ?`);
          db.transaction(() => {
            for (const id of saved) add.run(id);
          })();
        }
      }
    } catch (err) {
      saveError = err.message.slice(0, 300);
    }
    db?.close();
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return {
      byShortId,
      byFullId,
      searches,
      bytesPerResult: bytes / facts.total,
      indexMb: bytes / 1024 / 1024,
      savesOn: rates.on.length ? mean(rates.on) : null,
      savesOff: rates.off.length ? mean(rates.off) : null,
      saveError,
      saveFailures,
      firstSaveFailure,
    };
  }

  function results24Line(r) {
    const p95 = (x) => (x.error ? `FAILED (${x.error})` : `p95 ${x.p95.toFixed(1)} ms`);
    const idOk = !r.byShortId.error && !r.byFullId.error && Math.max(r.byShortId.p95, r.byFullId.p95) <= 50;
    const textOk = r.searches.every((x) => !x.error && x.p95 <= 150);
    const saves =
      r.savesOn && r.savesOff
        ? `SaveTestResult ${r.savesOn.toFixed(0)}/s with the index, ${r.savesOff.toFixed(0)}/s without (${(((r.savesOn - r.savesOff) / r.savesOff) * 100).toFixed(1)} %; ${SAVES} posts × 2 rounds each, 4 at a time)`
        : r.savesOn && !r.saveError
          ? `SaveTestResult ${r.savesOn.toFixed(0)}/s with the index (pg_trgm; ${SAVES} posts × 2 rounds, 4 at a time)`
          : `SaveTestResult FAILED (${r.saveError})`;
    const failed = r.saveFailures
      ? ` — ${r.saveFailures} of ${SAVES * (r.savesOff ? 4 : 2)} posts FAILED (first: ${r.firstSaveFailure})`
      : '';
    const built =
      engine === sqliteEngine && loaded?.searchIndexMs != null
        ? `, built in ${(loaded.searchIndexMs / 1000).toFixed(1)} s after the load`
        : '';
    return `#24 results: by 8-char id ${p95(r.byShortId)}, by full id ${p95(r.byFullId)} (budget ≤ 50 ms: ${verdict(idOk)}); search text alone ${r.searches.map((x) => `"${x.text}" ${p95(x)}`).join(', ')} (budget ≤ 150 ms: ${verdict(textOk)}); ${saves}${failed}; names index ${r.indexMb.toFixed(1)} MB = ${r.bytesPerResult.toFixed(0)} bytes a result${built}`;
  }
  // --- end #24 results ---

  log('#24 results: id search, search text alone, SaveTestResult with and without the names index');
  const results24 = await benchResults24();

  // --- #24 dashboard ---
  // GetTestResultTrend by week over the last year (budget p95 ≤ 200 ms), for every result and for
  // the busiest organization (a Client Admin's scope; the Admin names it), and GetTestResultCounts
  // over the same year and all time (the four counts). A Client Admin's kit count is their
  // organization's kits played in the period: its SQL is timed on the file alone (the bench has
  // only an Admin's token).
  async function benchDashboard() {
    const yearAgo = laDate(now - 364 * DAY);
    const lastYear = { fromDate: yearAgo, toDate: today };
    const rows = [];
    // `budgeted`: the issue's budget (trend by week over a year); the others are shown against it.
    const add = async (label, call, describe, budget, budgeted = false) => {
      const r = await sample(WARM, RUNS, call);
      rows.push({ label, ...r, what: r.out ? describe(r.out.data) : '', budget, budgeted });
    };
    const periods = (d) => `${d.length} periods, ${d.reduce((n, p) => n + p.total, 0).toLocaleString('en-US')} plays`;
    const counted = (d) => `${d.totalTestCount.toLocaleString('en-US')} plays, ${d.testKitCount} kits`;
    await add(
      'Trend by week, last year, all',
      () => post('/api/TestResult/GetTestResultTrend', { ...lastYear, groupBy: 'week' }, token),
      periods,
      200,
      true,
    );
    await add(
      'Trend by week, last year, ORG1',
      () =>
        post(
          '/api/TestResult/GetTestResultTrend',
          { ...lastYear, groupBy: 'week', organizationId: facts.topOrg },
          token,
        ),
      periods,
      200,
      true,
    );
    await add(
      'Trend by day, last year, all',
      () => post('/api/TestResult/GetTestResultTrend', { ...lastYear, groupBy: 'day' }, token),
      periods,
      200,
    );
    await add('Counts, last year', () => post('/api/TestResult/GetTestResultCounts', lastYear, token), counted, 200);
    await add('Counts, all time', () => post('/api/TestResult/GetTestResultCounts', {}, token), counted, 200);
    // The Client Admin's kit count (services/dashboard.ts → repositories/dashboard.ts countPlayedKits), SQL alone.
    const from = new Date(Date.now() - 365 * DAY).toISOString();
    const to = new Date(Date.now() + DAY).toISOString();
    const kitCount = `select count(*) as n from test_kits k
    where exists (select 1 from test_results r
      where r.organization_id = ? and r.test_kit_id = k.id and r.played_at >= ? and r.played_at < ?)`;
    const r = await sample(WARM, RUNS, async () => Number((await reader.all(kitCount, [facts.topOrg, from, to]))[0].n));
    rows.push({
      label: 'Kit count of ORG1, last year (SQL)',
      ...r,
      what: `${r.out} kits`,
      budget: 50,
      budgeted: false,
    });
    return { rows, range: lastYear };
  }
  const dashboardBench = await benchDashboard();
  const insightsRows = await measureInsights(post, token, reader); // #24 insights
  await reader.close();
  await s.stop();

  // ---------------------------------------------------------------------------------------------
  const onSqlite = engine === sqliteEngine;
  console.log(`\nScentry results bench${onSqlite ? '' : ` — ${engine.name}`}`);
  if (!onSqlite) {
    const c = pg.copy;
    console.log(
      `  ${pg.target.describe}; the SQLite data copied in ${((c.rowsMs + c.indexMs + c.talliesMs + c.vacuumMs) / 1000).toFixed(1)} s (rows ${(c.rowsMs / 1000).toFixed(1)} s, ${c.indexes} indexes ${(c.indexMs / 1000).toFixed(1)} s, kit tallies ${(c.talliesMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(c.vacuumMs / 1000).toFixed(1)} s)${c.mismatches.length ? `; MISMATCHES: ${c.mismatches.join('; ')}` : "; row counts and kit tallies equal to SQLite's"}`,
    );
  }
  console.log(
    `  ${facts.total.toLocaleString('en-US')} results${!onSqlite ? '' : loaded ? `, loaded in ${((loaded.rowsMs + loaded.indexMs) / 1000).toFixed(1)} s (rows ${(loaded.rowsMs / 1000).toFixed(1)} s + ${loaded.indexes.length} indexes ${(loaded.indexMs / 1000).toFixed(1)} s); places from ${loaded.geocoder}` : ' (reused)'}`,
  );
  console.log(
    `  machine: ${availableParallelism()} CPUs, load average ${loadBefore.toFixed(1)} before the measurements, ${loadavg()[0].toFixed(1)} after`,
  );
  console.log(`  server log: ${keep ? engine.log(1) : '(removed)'}; data: ${keep ? dataDir : '(temporary, removed)'}`);
  console.log(`GetTestResultList, first page of 10 with totalCount, ${RUNS} runs each:`);
  for (const r of listRows) {
    if (r.error) {
      console.log(`  ${r.label.padEnd(40)} FAILED: ${r.error}`);
      continue;
    }
    const budget = r.budget ?? 150;
    const note = r.budget
      ? `budget p95 ≤ ${budget} ms: ${verdict(r.p95 <= budget)}`
      : `vs 150 ms: ${verdict(r.p95 <= 150)}`;
    console.log(
      `  ${r.label.padEnd(40)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  (${String(r.count).padStart(9)} rows; ${note})`,
    );
  }
  console.log('ExportCsv, unfiltered:');
  if (exportStatus !== 200) console.log(`  FAILED: HTTP ${exportStatus} ${firstLine}`);
  else
    console.log(
      `  HTTP ${exportStatus}, ${exportRows.toLocaleString('en-US')} rows, ${(exportBytes / 1024 / 1024).toFixed(1)} MB in ${(exportTime.ms / 1000).toFixed(2)} s = ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s (budget ≥ 100,000: ${verdict(rowsPerSecond >= 100_000)})${exportRows === facts.total ? '' : ` — expected ${facts.total} rows`}`,
    );
  console.log(
    `  server peak RSS ${(peakKb / 1024).toFixed(0)} MB${hwmReset ? ' during the export' : ' over its life (VmHWM could not be reset)'} (RSS idle after start ${(rssIdle / 1024).toFixed(0)} MB, before the export ${(rssBefore / 1024).toFixed(0)} MB; budget ≤ 180 MB: ${verdict(peakKb / 1024 <= 180)})`,
  );
  if (exportStatus === 200)
    console.log(
      `  server CPU time ${(exportCpuMs / 1000).toFixed(2)} s = ${Math.round(exportRows / (exportCpuMs / 1000)).toLocaleString('en-US')} rows per CPU second (the wall time above includes waiting for a busy CPU)`,
    );
  console.log(`  header: ${firstLine.replace(/^\uFEFF/, '')}`);
  console.log(`Reports, data set A, ${yearRange.fromDate}–${yearRange.toDate}, p50 of ${REPORT_RUNS}:`);
  for (const r of reportRows) {
    if (r.error) console.log(`  ${r.label.padEnd(20)} FAILED: ${r.error}`);
    else console.log(`  ${r.label.padEnd(20)} ${ms(r.p50)}  (${r.what}; budget ≤ 500 ms: ${verdict(r.p50 <= 500)})`);
  }
  console.log(results24Line(results24));
  // --- #24 dashboard ---
  console.log(
    `Dashboard, ${dashboardBench.range.fromDate}–${dashboardBench.range.toDate}, p50/p95 of ${RUNS} after ${WARM}:`,
  );
  for (const r of dashboardBench.rows) {
    if (r.error) console.log(`  ${r.label.padEnd(36)} FAILED: ${r.error}`);
    else
      console.log(
        `  ${r.label.padEnd(36)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  (${r.what}; ${r.budgeted ? 'budget p95 ≤' : 'vs'} ${r.budget} ms: ${verdict(r.p95 <= r.budget)})`,
      );
  }
  printInsights(insightsRows, onSqlite ? loaded?.insightsLoad : undefined); // #24 insights

  // What the side-by-side table shows.
  const idP95 =
    results24.byShortId.error || results24.byFullId.error
      ? null
      : Math.max(results24.byShortId.p95, results24.byFullId.p95);
  const searchP95 = results24.searches.some((x) => x.error) ? null : Math.max(...results24.searches.map((x) => x.p95));
  return {
    name: engine.name,
    loadBefore,
    loadAfter: loadavg()[0],
    total: facts.total,
    firstPage: listRows[0].error ? null : listRows[0].p95,
    combined: listRows.at(-1).error ? null : listRows.at(-1).p95,
    rowsPerSecond: exportStatus === 200 && exportRows === facts.total ? rowsPerSecond : null,
    peakMb: exportStatus === 200 ? peakKb / 1024 : null,
    reports: Object.fromEntries(reportRows.map((r) => [r.label, r.error ? null : r.p50])),
    idP95,
    searchP95,
    saves: results24.saveError ? null : results24.savesOn,
    saveFailures: results24.saveFailures,
    trendWeek: dashboardBench.rows[0].error ? null : dashboardBench.rows[0].p95,
    insights: Object.fromEntries(insightsRows.rows.map((r) => [r.name, r.error ? null : r.p95])),
  };
}

/**
 * Results push throughput on PostgreSQL, one server against two on the same database (no budget:
 * this machine has 2 cores, shared by the servers, PostgreSQL and the load generator). SaveTestResult
 * (the public write: a new result id and a DEMO1 play with names each request) through autocannon,
 * 10 connections in all (10 to one server, or 5 + 5 over two), PUSH_SECONDS (BENCH_PUSH_SECONDS,
 * default 6) each phase, phases one, two, one, two after a 2 s uncounted warm-up of each; the rate is
 * 2xx answers per second, summed over the servers.
 * @param {Engine} engine
 */
async function measurePush(engine) {
  log(`PostgreSQL: push throughput, one server against two (${PUSH_SECONDS} s a phase)`);
  // Transactions that lost to a concurrent one more often than the server retries (40001): counted
  // from the servers' logs, which the runs before this one appended to.
  const lost = () => {
    // Requests (process and request id) whose log lines name the failure.
    const requests = new Set();
    for (const i of [1, 2]) {
      if (!existsSync(engine.log(i))) continue;
      for (const line of readFileSync(engine.log(i), 'utf8').split('\n')) {
        if (!line.includes('could not serialize access')) continue;
        const m = /"pid":(\d+).*?"reqId":"([^"]+)"/.exec(line);
        requests.add(m ? `${m[1]}:${m[2]}` : line);
      }
    }
    return requests.size;
  };
  const lostBefore = lost();
  const a = await start(engine, 1);
  const b = await start(engine, 2);
  const reader = await engine.reader();
  const snapshot = (
    await reader.all("SELECT snapshot FROM kit_versions WHERE code = 'demo1' ORDER BY version DESC LIMIT 1")
  )[0].snapshot;
  const before = Number((await reader.all('SELECT count(*) AS n FROM test_results'))[0].n);
  const demo = typeof snapshot === 'string' ? JSON.parse(snapshot) : snapshot;
  const answers = demo.cards.map((c, i) => ({
    scentCardsId: c.id,
    answerId: c.options[i % c.options.length].scentOptionId,
    smellIntensity: 1 + (i % 5),
  }));
  const requests = [
    {
      method: 'POST',
      path: '/api/TestResult/SaveTestResult',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          id: randomUUID(),
          testKitId: demo.kitId,
          firstName: 'Bench',
          lastName: 'Pusher',
          testResultDetails: answers,
        }),
      }),
    },
  ];
  const run = (url, connections, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections, duration, requests }, (err, r) => (err ? reject(err) : resolve(r))),
    );
  const phase = async (urls, duration) => {
    const rs = await Promise.all(urls.map((url) => run(url, 10 / urls.length, duration)));
    const sum = (key) => rs.reduce((n, r) => n + (r[key] ?? 0), 0);
    return {
      rate: rs.reduce((n, r) => n + r['2xx'] / (r.duration || duration), 0),
      each: rs.map((r) => r['2xx'] / (r.duration || duration)),
      stored: sum('2xx'),
      bad: sum('non2xx') + sum('errors') + sum('timeouts'),
    };
  };
  const one = [a.api];
  const two = [a.api, b.api];
  let stored = (await phase(one, 2)).stored + (await phase(two, 2)).stored;
  const runs = { one: [], two: [] };
  for (let round = 0; round < 2; round++) {
    for (const [name, urls] of [
      ['one', one],
      ['two', two],
    ]) {
      const r = await phase(urls, PUSH_SECONDS);
      stored += r.stored;
      runs[name].push(r);
    }
  }
  // Every 2xx is a stored result (exactly once: each request has its own id).
  const after = Number((await reader.all('SELECT count(*) AS n FROM test_results'))[0].n);
  await reader.close();
  await Promise.all([a.s.stop(), b.s.stop()]);
  const serializationFailures = lost() - lostBefore;
  const mean = (xs) => xs.reduce((n, x) => n + x, 0) / xs.length;
  const summary = (rs) => ({
    rate: mean(rs.map((r) => r.rate)),
    rates: rs.map((r) => r.rate),
    each: rs.map((r) => r.each),
    bad: rs.reduce((n, r) => n + r.bad, 0),
  });
  return { one: summary(runs.one), two: summary(runs.two), stored, rows: after - before, serializationFailures };
}

/** The figures of every engine side by side, each against its budget. */
function printSideBySide(figures, push) {
  const cell = (value, format, ok) => (value == null ? 'FAILED' : `${format(value)} ${ok(value) ? 'met' : 'MISSED'}`);
  const msCell = (budget) => (v) =>
    cell(
      v,
      (x) => `${x.toFixed(1)} ms`,
      (x) => x <= budget,
    );
  const lines = [
    ['First page p95, no filter', (f) => msCell(50)(f.firstPage), '≤ 50 ms'],
    ['First page p95, month+Pass+kit+org+text', (f) => msCell(150)(f.combined), '≤ 150 ms'],
    [
      'Export, rows/s',
      (f) =>
        cell(
          f.rowsPerSecond,
          (x) => Math.round(x).toLocaleString('en-US'),
          (x) => x >= 100_000,
        ),
      '≥ 100,000',
    ],
    [
      'Export, server peak RSS',
      (f) =>
        cell(
          f.peakMb,
          (x) => `${x.toFixed(0)} MB`,
          (x) => x <= 180,
        ),
      '≤ 180 MB',
    ],
    ['Report GetDataLocation p50', (f) => msCell(500)(f.reports.GetDataLocation), '≤ 500 ms'],
    ['Report GetLocationData p50', (f) => msCell(500)(f.reports.GetLocationData), '≤ 500 ms'],
    ['Report PassFailDataByDate p50', (f) => msCell(500)(f.reports.PassFailDataByDate), '≤ 500 ms'],
    ['Kit insights p95, DEMO1', (f) => msCell(300)(f.insights.DEMO1), '≤ 300 ms'],
    ['Kit insights p95, CLINIC4', (f) => msCell(300)(f.insights.CLINIC4), '≤ 300 ms'],
    ['Result by id p95 (8 chars / whole)', (f) => msCell(50)(f.idP95), '≤ 50 ms'],
    ['Search text alone p95 (worst of 3)', (f) => msCell(150)(f.searchP95), '≤ 150 ms'],
    ['Dashboard trend by week p95', (f) => msCell(200)(f.trendWeek), '≤ 200 ms'],
    [
      'SaveTestResult, 4 at a time',
      (f) =>
        f.saves == null ? 'FAILED' : `${f.saves.toFixed(0)}/s${f.saveFailures ? `, ${f.saveFailures} failed` : ''}`,
      '— (no budget)',
    ],
  ];
  const head = ['Figure', ...figures.map((f) => f.name), 'Budget'];
  const rows = lines.map(([label, get, budget]) => [label, ...figures.map(get), budget]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')}`;
  console.log(
    `\nSide by side, ${figures.map((f) => `${f.name} ${f.total.toLocaleString('en-US')} results (load average ${f.loadBefore.toFixed(1)} → ${f.loadAfter.toFixed(1)})`).join(', ')}:`,
  );
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  if (!push) {
    console.log(
      '  (PostgreSQL too: BENCH_DATABASE_URL=auto npm run bench:results, a throw-away cluster; or BENCH_DATABASE_URL=postgres://user:password@host/db, whose user may create databases)',
    );
    return;
  }
  const rate = (x) => `${x.toFixed(0)}/s`;
  console.log(
    `Push throughput on PostgreSQL (SaveTestResult, 10 connections, ${PUSH_SECONDS} s × 2 rounds each, no budget on 2 cores):`,
  );
  console.log(
    `  one server  ${rate(push.one.rate).padStart(7)}  (rounds ${push.one.rates.map(rate).join(', ')}; non-2xx or errors ${push.one.bad})`,
  );
  console.log(
    `  two servers ${rate(push.two.rate).padStart(7)}  (rounds ${push.two.rates.map(rate).join(', ')}, per server ${push.two.each.map((e) => e.map(rate).join(' + ')).join(', ')}; non-2xx or errors ${push.two.bad}) = ${((push.two.rate / push.one.rate) * 100).toFixed(0)} % of one`,
  );
  if (push.serializationFailures)
    console.log(
      `  ${push.serializationFailures} requests failed with "could not serialize access due to concurrent update" in the servers' logs (40001 after the server's retries: concurrent saves of one kit on one day update the same kit_answer_tallies rows under SERIALIZABLE)`,
    );
  console.log(
    `  ${push.stored.toLocaleString('en-US')} answered 2xx (warm-ups included), ${push.rows.toLocaleString('en-US')} results stored (the requests still in flight when a phase ended are stored, not counted)${push.rows < push.stored ? ' — FEWER: a result answered 2xx was lost' : ''}`,
  );
}

const figures = [await measureEngine(sqliteEngine)];
if (pg) figures.push(await measureEngine(pg.engine));
const push = pg ? await measurePush(pg.engine) : null;
printSideBySide(figures, push);
if (pg) await pg.target.close();
process.exit(0);
