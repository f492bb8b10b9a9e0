import { z } from 'zod';

/** A device as the devices screen shows it (API.md "Devices"). */
export const deviceRowSchema = z.object({
  deviceId: z.string(),
  name: z.string().nullable(),
  build: z.string(),
  lastContactAt: z.string(),
  /** Documents the device still holds unsent (its last report's `pendingSeqs`). */
  pending: z.number().int(),
  lastSeq: z.number().int(),
  highestSeqReceived: z.number().int().nullable(),
  /** How many of its numbers the server received (stored, or a resend of one stored); beside API.md's fields. */
  receivedCount: z.number().int(),
  missingCount: z.number().int(),
  /** The first 100 missing numbers, ascending. */
  missingSeqs: z.array(z.number().int()),
  lastResultAt: z.string().nullable(),
});
export type DeviceRow = z.output<typeof deviceRowSchema>;
