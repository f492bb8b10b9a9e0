import { z } from 'zod';
import { MSG } from './messages';
import { INTENSITY_MAX, INTENSITY_MIN, PLAY_MSG, PLAYER_NAME_MAX, PUSH_MAX_ROWS } from './play';

/** The play documents' schemas (zod): kept apart from the rules so the player's first load has no zod. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const answerSchema = z.object({
  scentCardId: z.number({ error: PLAY_MSG.unknownCard }).int().positive({ error: PLAY_MSG.unknownCard }),
  scentOptionId: z.number({ error: PLAY_MSG.answerNotOption }).int().positive({ error: PLAY_MSG.answerNotOption }),
  smellIntensity: z
    .number({ error: PLAY_MSG.intensityRange })
    .int({ error: PLAY_MSG.intensityRange })
    .min(INTENSITY_MIN, { error: PLAY_MSG.intensityRange })
    .max(INTENSITY_MAX, { error: PLAY_MSG.intensityRange }),
});
export type Answer = z.infer<typeof answerSchema>;

const optionalCoord = (min: number, max: number) =>
  z.number({ error: 'Latitude and longitude must be numbers' }).min(min).max(max).nullable().optional();
const optionalName = z.string().trim().max(PLAYER_NAME_MAX, { error: PLAY_MSG.namesTooLong }).nullable().optional();

/** A played result as the device stores and pushes it (API.md "Sync"). */
export const resultDocSchema = z.object({
  id: z.string({ error: PLAY_MSG.invalidId }).regex(UUID_RE, { error: PLAY_MSG.invalidId }),
  testKitId: z.number().int().positive(),
  kitVersion: z.number().int().positive(),
  organizationId: z.number().int().positive().nullable().optional(),
  latitude: optionalCoord(-90, 90),
  longitude: optionalCoord(-180, 180),
  firstName: optionalName,
  lastName: optionalName,
  playedAt: z.iso.datetime({ offset: true, error: PLAY_MSG.invalidPlayedAt }),
  answers: z.array(answerSchema).min(1, { error: PLAY_MSG.cardMissing }).max(20, { error: PLAY_MSG.cardTwice }),
  resultStatus: z.enum(['Pass', 'Fail']).optional(),
  rightAnswerCount: z.number().int().optional(),
  rejected: z.boolean().optional(),
  reason: z.string().optional(),
});
export type ResultDoc = z.infer<typeof resultDocSchema>;

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
  codes: z.array(z.string().trim().min(1).max(60)).max(50),
  checkpoint: z
    .object({
      versions: z.record(z.string(), z.number().int()),
      // Which kit each code's version belongs to (newer devices send it): see pullCheckpointSchema.
      kitIds: z.record(z.string(), z.number().int()).optional(),
    })
    .nullable()
    .optional(),
  batchSize: z.number().int().min(1).max(100).default(20),
});

/** The spec's submission for online clients (spec §3), plus the device UUID and play time. */
export const saveTestResultRequest = z.object({
  id: z.string().regex(UUID_RE, { error: PLAY_MSG.invalidId }).optional(),
  testKitId: z.number({ error: PLAY_MSG.invalidKit }).int().positive({ error: PLAY_MSG.invalidKit }),
  organizationId: z.number().int().positive().nullable().optional(),
  latitude: optionalCoord(-90, 90),
  longitude: optionalCoord(-180, 180),
  firstName: optionalName,
  lastName: optionalName,
  playedAt: z.iso.datetime({ offset: true, error: PLAY_MSG.invalidPlayedAt }).optional(),
  testResultDetails: z
    .array(
      z.object({
        scentCardsId: answerSchema.shape.scentCardId,
        answerId: answerSchema.shape.scentOptionId,
        smellIntensity: answerSchema.shape.smellIntensity,
      }),
    )
    .min(1, { error: PLAY_MSG.cardMissing }),
});
