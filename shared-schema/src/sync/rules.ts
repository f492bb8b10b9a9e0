/** The sync's limits (zod-free: the player's first load reads them). */

/** Kit codes per pull: a device with more downloaded kits pulls them in several requests. */
export const PULL_MAX_CODES = 50;
