import { z } from 'zod';
import { resultStatusSchema } from '../results/replies';
import { localNamesSchema } from '../scent-options/replies';

const id = z.number().int();
const nullableText = z.string().nullable();

// ── Sync documents (API.md "Sync") ──────────────────────────────────────────

export const kitOptionDocSchema = z.object({
  scentCardOptionId: id,
  scentOptionId: id,
  sortOrder: z.number().int(),
  name: z.string(),
  /** The name in other languages (API.md "Names in the player's language"); absent in kit versions made before. */
  names: localNamesSchema.optional(),
  storedPath: z.string(),
});
export type KitOptionDoc = z.output<typeof kitOptionDocSchema>;

export const kitCardDocSchema = z.object({
  id,
  name: z.string(),
  names: localNamesSchema.optional(),
  sortOrder: z.number().int(),
  correctScentOptionId: id.nullable(),
  options: z.array(kitOptionDocSchema),
});
export type KitCardDoc = z.output<typeof kitCardDocSchema>;

export const kitDocSchema = z.object({
  /** The kit code in lower case. */
  id: z.string(),
  kitId: id,
  name: z.string(),
  version: z.number().int(),
  passThreshold: z.number().int(),
  updatedAt: z.string(),
  _deleted: z.literal(false),
  cards: z.array(kitCardDocSchema),
});
export type KitDoc = z.output<typeof kitDocSchema>;

export const kitTombstoneSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  _deleted: z.literal(true),
});
export type KitTombstone = z.output<typeof kitTombstoneSchema>;

/**
 * A pull checkpoint: the version a device holds of each code and, since checkpoints carry them,
 * which kit (`kitIds`) that version belongs to, so a code another kit has taken over is sent
 * whatever its version. Checkpoints without `kitIds` (older devices) still work by version.
 */
export const pullCheckpointSchema = z.object({
  versions: z.record(z.string(), z.number().int()),
  kitIds: z.record(z.string(), z.number().int()).optional(),
});
export type PullCheckpoint = z.output<typeof pullCheckpointSchema>;

export const pullKitsData = z.object({
  documents: z.array(z.union([kitDocSchema, kitTombstoneSchema])),
  checkpoint: pullCheckpointSchema,
  unknownCodes: z.array(z.string()),
});
export type PullKitsData = z.output<typeof pullKitsData>;

/** A result as the server holds it, returned to a device whose push conflicts with it. */
export const storedResultDocSchema = z.object({
  id: z.string(),
  testKitId: id,
  kitVersion: z.number().int(),
  organizationId: id.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  firstName: nullableText,
  lastName: nullableText,
  playedAt: z.string(),
  answers: z.array(z.object({ scentCardId: id, scentOptionId: id, smellIntensity: z.number().int() })),
  resultStatus: resultStatusSchema,
  rightAnswerCount: z.number().int(),
});
export type StoredResultDoc = z.output<typeof storedResultDocSchema>;

/** A pushed document stored nowhere: only its id and why (nothing else of it is echoed). */
export const rejectedResultSchema = z.object({ id: z.string(), rejected: z.literal(true), reason: z.string() });
export type RejectedResult = z.output<typeof rejectedResultSchema>;

export const pushConflictSchema = z.union([rejectedResultSchema, storedResultDocSchema]);
export type PushConflict = z.output<typeof pushConflictSchema>;

/** The conflicts of an e-mail, questionnaire or medical push: only refusals, `{id, rejected, reason}` (API.md "Sync"). */
export const emailConflictSchema = z.object({ id: z.string(), rejected: z.literal(true), reason: z.string() });
