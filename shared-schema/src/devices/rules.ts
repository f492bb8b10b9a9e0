/**
 * Devices' numbering (API.md "Devices: sequences, gaps and reports"). Zod-free: the player's first
 * load may read it.
 */

/** The highest `seq` a document may carry (2^31 − 1). */
export const SEQ_MAX = 2_147_483_647;
/** Numbers above a device's last reported `lastSeq` + this count for no gap. */
export const SEQ_GAP_WINDOW = 10_000;
/** `pendingSeqs` a report carries at most. */
export const REPORT_PENDING_MAX = 1_000;
/** Event set-up's "Tablet name", in characters. */
export const TABLET_NAME_MAX = 40;
/** The device's build, as its report names it, in characters. */
export const DEVICE_BUILD_MAX = 60;
/** New device ids one client address may report in a day. */
export const NEW_DEVICES_PER_ADDRESS_DAY = 20;
/** A device not heard from for this many days is removed with its records (not its results). */
export const DEVICE_RETENTION_DAYS = 180;
/** Pending documents older than this on a device need attention (ms). */
export const PENDING_ATTENTION_MS = 60 * 60_000;
/** The first missing numbers a device row lists. */
export const MISSING_SEQS_SHOWN = 100;

export const DEVICE_MSG = {
  notAllowed: 'Not allowed for this device',
  invalidDevice: 'Invalid device',
  tabletNameTooLong: `Tablet name must be ${TABLET_NAME_MAX} characters or fewer`,
  unknownDevice: 'Device not found',
} as const;
