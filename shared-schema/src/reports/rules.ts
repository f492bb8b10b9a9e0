/** The reports' rules, zod-free. */

/** Columns the Data Location report sorts by. */
export const LOCATION_SORT_COLUMNS = ['country', 'state', 'city', 'pass', 'fail'] as const;
