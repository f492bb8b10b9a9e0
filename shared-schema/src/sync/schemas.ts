import { z } from 'zod';
import { MSG } from '../common/messages';
import { deviceReportSchema } from '../devices/schemas';
import { PLAY_MSG, PUSH_MAX_ROWS } from '../results/rules';
import { PULL_MAX_CODES } from './rules';

/** The sync protocol's shapes (API.md "Sync"): kits down, results up, and the pushes' refusals. */
/**
 * A push row. The document itself is checked one by one (a bad one is rejected with its reason,
 * the others are stored), so here it need only be an object.
 */
export const pushRowSchema = z.object(
  {
    assumedMasterState: z.unknown().nullable().optional(),
    newDocumentState: z.record(z.string(), z.unknown(), { error: MSG.invalidRequest }),
  },
  { error: MSG.invalidRequest },
);

export const pushBodySchema = z
  .array(pushRowSchema, { error: MSG.invalidRequest })
  .max(PUSH_MAX_ROWS, { error: PLAY_MSG.tooManyResults });

export const pullRequestSchema = z.object({
  codes: z.array(z.string().trim().min(1).max(60)).max(PULL_MAX_CODES),
  checkpoint: z
    .object({
      versions: z.record(z.string(), z.number().int()),
      // Which kit each code's version belongs to (newer devices send it): see pullCheckpointSchema.
      kitIds: z.record(z.string(), z.number().int()).optional(),
    })
    .nullable()
    .optional(),
  batchSize: z.number().int().min(1).max(100).default(20),
  /** The device's report (API.md "Devices"), carried by a pull instead of its own call. */
  device: deviceReportSchema.nullable().optional(),
});
