import { type Kysely, sql } from 'kysely';
import { sharedGeocoder } from '../../services/geocoder';

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
    const geocoder = sharedGeocoder();
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const place = geocoder.locate(row.latitude, row.longitude);
        if (!place.country) continue;
        await sql`update test_results set country = ${place.country}, state = ${place.state}, city = ${place.city}
          where id = ${row.id}`.execute(trx);
      }
    });
    after = rows[rows.length - 1].id;
  }
}
