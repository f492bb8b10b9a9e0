import { z } from 'zod';
import { RESULT_STATUSES } from '../enums';
import { ROLE_NAME_LIST } from '../roles';

/**
 * The `data` of every reply, declared once: the server serializes replies from these schemas (a
 * field not declared here never reaches a client) and the PWA and tests take their types from them.
 * Plain shapes only (no transforms), so they serialize as they are.
 */
const id = z.number().int();
const nullableText = z.string().nullable();

export const healthData = z.object({ version: z.string(), db: z.literal('ok') });
/** What the PWA cannot know by itself: the address in kit QR codes; the map's tile template ('' = none). */
export const appConfigData = z.object({ publicUrl: z.string(), mapTileUrl: z.string() });

/** `data` of a successful sign-in; the PWA stores it as the session user (spec §3). */
export const sessionUserSchema = z.object({
  token: z.string(),
  id,
  roleName: z.enum(ROLE_NAME_LIST),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: id.nullable(),
  organizationName: nullableText,
  discloseUserDetails: z.boolean(),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

export const roleSchema = z.object({ id, name: z.string() });

/** A user as the admin screens list and edit it. Never a password or its hash: only that one is set. */
export const userRowSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: nullableText,
  organizationId: id.nullable(),
  organizationName: nullableText,
  role: z.enum(ROLE_NAME_LIST),
  roleId: id,
  isActive: z.boolean(),
  hasPassword: z.boolean(),
});
export type UserRow = z.output<typeof userRowSchema>;

export const userIdData = z.object({ id });

/** What anyone may read of an organization (the player's result page shows its provider). */
export const organizationPublicSchema = z.object({
  id,
  organizationName: z.string(),
  organizationAddress: nullableText,
  organizationPhone: nullableText,
});

/** The whole record, in EditOrganization's field names, for an Admin. Never a password. */
export const organizationRecordSchema = z.object({
  organizationId: id,
  clientType: z.string(),
  organizationName: z.string(),
  organizationCode: nullableText,
  organizationWebsite: nullableText,
  organizationAddress: nullableText,
  organizationEmail: nullableText,
  organizationPhone: nullableText,
  organizationIsActive: z.boolean(),
  discloseUserDetails: z.boolean(),
  id: id.nullable(),
  userFirstName: nullableText,
  userLastName: nullableText,
  userEmail: nullableText,
  userPhone: nullableText,
  userIsActive: z.boolean().nullable(),
});
export type OrganizationRecord = z.output<typeof organizationRecordSchema>;

/** A row of the Client list: the password column only says whether one is set (DESIGN.md §7). */
export const organizationRowSchema = z.object({
  organizationId: id,
  organizationName: z.string(),
  clientType: z.string(),
  organizationContactPerson: nullableText,
  userEmail: nullableText,
  userId: id.nullable(),
  hasPassword: z.boolean(),
  organizationIsActive: z.boolean(),
});
export type OrganizationRow = z.output<typeof organizationRowSchema>;

export const organizationIdData = z.object({ organizationId: id, userId: id.nullable() });

/** A row of the audit log: who did what to which record, when and from where. */
export const auditRowSchema = z.object({
  id,
  at: z.string(),
  userId: id.nullable(),
  userEmail: nullableText,
  action: z.string(),
  entity: z.string(),
  entityId: nullableText,
  address: nullableText,
  detail: nullableText,
});
export type AuditRow = z.output<typeof auditRowSchema>;
export const idNameSchema = z.object({ id, name: z.string() });

/** A paged list reply (API.md): `{list, totalCount}`. */
export const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), totalCount: z.number().int() });
export interface ListResult<T> {
  list: T[];
  totalCount: number;
}

export const scentOptionSchema = z.object({
  id,
  title: z.string(),
  storedPath: z.string(),
  originalFileName: nullableText,
});
export type ScentOption = z.output<typeof scentOptionSchema>;

export const scentOptionChoiceSchema = scentOptionSchema.pick({ id: true, title: true, storedPath: true });
export type ScentOptionChoice = z.output<typeof scentOptionChoiceSchema>;

export const testKitSchema = z.object({
  id,
  name: z.string(),
  isActive: z.boolean(),
  passThreshold: z.number().int(),
  version: z.number().int(),
  playable: z.boolean(),
  cardCount: z.number().int(),
  /** The kit's QR code as a PNG data URL. */
  qrCode: z.string(),
  qrCodeURL: z.string(),
});
export type TestKit = z.output<typeof testKitSchema>;

export const testKitListRowSchema = testKitSchema
  .omit({ playable: true, qrCode: true })
  .extend({ createdAt: z.string() });
export type TestKitListRow = z.output<typeof testKitListRowSchema>;

export const testKitIdData = z.object({ testKitId: id });

/** A scent card detail row for play (spec §3). */
export const playRowSchema = z.object({
  testKitId: id,
  scentCardId: id,
  scentCardSortOrder: z.number().int(),
  scentCardOptionsId: id,
  scentCardOptionsSortOrder: z.number().int(),
  scentCardOptionDetailId: id,
  scentCardOptionsName: z.string(),
  storedPath: z.string(),
});
export type PlayRow = z.output<typeof playRowSchema>;

export const scentCardOptionRowSchema = z.object({
  scentCardOptionId: id,
  scentCardOptionDetailId: id,
  scentCardId: id,
  sortOrder: z.number().int(),
  scentCardOptionName: z.string(),
  scentCardOptionStoredPath: z.string(),
});
export type ScentCardOptionRow = z.output<typeof scentCardOptionRowSchema>;

export const scentCardSchema = z.object({
  id,
  name: z.string(),
  sortOrder: z.number().int(),
  scentCardOptionResultId: id.nullable(),
  testKitId: id,
  testKitName: z.string(),
  scentCardOptions: z.array(scentCardOptionRowSchema),
});
export type ScentCard = z.output<typeof scentCardSchema>;

/** A row of a kit's card list: Scent Card Page, sort order, Correct Answer. */
export const scentCardListRowSchema = z.object({
  id,
  name: z.string(),
  sortOrder: z.number().int(),
  title: nullableText,
  optionCount: z.number().int(),
});
export type ScentCardListRow = z.output<typeof scentCardListRowSchema>;

export const scentCardIdData = z.object({ scentCardId: id });

export const resultStatusSchema = z.enum(RESULT_STATUSES);

export const saveTestResultData = z.object({
  resultStatus: resultStatusSchema,
  /** The device UUID the result is stored under. */
  testResultId: z.string(),
  rightAnswerCount: z.number().int(),
});

export const findTestResultData = z.object({ isCompleted: z.boolean() });

/** VerifyResult: the server's record of a result, and nothing else (no names, no answers). */
export const verifyResultData = z.object({
  resultStatus: z.enum(RESULT_STATUSES),
  rightAnswerCount: z.number().int(),
  testKitName: z.string(),
  playedAt: z.string(),
});
export type VerifiedResult = z.output<typeof verifyResultData>;

/** The conflicts of an e-mail, questionnaire or medical push: only refusals, `{id, rejected, reason}` (API.md "Sync"). */
export const emailConflictSchema = z.object({ id: z.string(), rejected: z.literal(true), reason: z.string() });

export const testResultCountsSchema = z.object({
  totalTestCount: z.number().int(),
  passCount: z.number().int(),
  failCount: z.number().int(),
  testKitCount: z.number().int(),
});
export type TestResultCounts = z.output<typeof testResultCountsSchema>;

// ── Sync documents (API.md "Sync") ──────────────────────────────────────────

export const kitOptionDocSchema = z.object({
  scentCardOptionId: id,
  scentOptionId: id,
  sortOrder: z.number().int(),
  name: z.string(),
  storedPath: z.string(),
});
export type KitOptionDoc = z.output<typeof kitOptionDocSchema>;

export const kitCardDocSchema = z.object({
  id,
  name: z.string(),
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

/**
 * A row of the staff's results list (spec §3): `answerStatus` is the right answer count; names
 * are null where the scope's name rule removes them; `created` is when the player played (ISO).
 * Medical answers as the export words them (`userDisease`, `userFamilyDisease`: labels joined).
 */
export const testResultRowSchema = z.object({
  id: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  testKitId: id,
  testKitName: z.string(),
  resultStatus: z.enum(RESULT_STATUSES),
  answerStatus: z.number().int(),
  created: z.string(),
  organizationId: id.nullable(),
  organizationName: nullableText,
  age: z.number().int().nullable(),
  gender: nullableText,
  race: nullableText,
  userDisease: nullableText,
  userFamilyDisease: nullableText,
  country: nullableText,
  state: nullableText,
  city: nullableText,
  questionnaireCompleted: z.boolean(),
});
export type TestResultRow = z.output<typeof testResultRowSchema>;

/** One answer of a result as played (spec §3 detail rows), with what the admin may see: the right answer too. */
export const answerDetailRowSchema = z.object({
  scentCardName: z.string(),
  cardSortOrder: z.number().int(),
  answerName: z.string(),
  answerStoredPath: nullableText,
  correctAnswerName: nullableText,
  smellIntensity: z.number().int(),
  smellIntensityText: z.string(),
  answerStatus: z.enum(['Right', 'Wrong']),
});
export type AnswerDetailRow = z.output<typeof answerDetailRowSchema>;

export const questionnaireRowSchema = z.object({ question: z.string(), answer: z.string() });
export type QuestionnaireRow = z.output<typeof questionnaireRowSchema>;

/** Reports (spec §3): location table rows, map points, monthly chart rows. */
export const locationReportRowSchema = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type LocationReportRow = z.output<typeof locationReportRowSchema>;
export const mapPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  resultStatus: z.string(),
});
export type MapPoint = z.output<typeof mapPointSchema>;
export const passFailRowSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  totalCount: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type PassFailRow = z.output<typeof passFailRowSchema>;
