import { z } from 'zod';
import { authenticateRequest, changePasswordRequest } from '../auth';
import {
  filterText,
  listRequest,
  scentCardRequest,
  scentOptionModel,
  testKitRequest,
  testKitUpdateRequest,
} from '../catalogue';
import { CATALOGUE_MSG, KIT_NAME_MAX } from '../catalogue-rules';
import { formPushBodySchema, medicalRequest, questionnaireRequest } from '../forms-schema';
import { MSG } from '../messages';
import { createOrganizationRequest, editOrganizationRequest, organizationListRequest } from '../organizations';
import { PLAY_MSG } from '../play';
import { pullRequestSchema, pushBodySchema, saveTestResultRequest } from '../play-schema';
import { EMAIL_PUSH_MAX_BYTES } from '../report';
import { emailModel, emailPushBodySchema, pkPassRequest, verifyQuery } from '../report-schema';
import { exportCsvRequest, reportRequest, resultDetailRequest, testResultListRequest } from '../results-admin-schema';
import { createUserRequest, resetPasswordRequest, updateUserRequest, userListRequest } from '../users';
import type { RouteInfo } from './player-routes';
import {
  answerDetailRowSchema,
  appConfigData,
  auditRowSchema,
  emailConflictSchema,
  findTestResultData,
  healthData,
  idNameSchema,
  listOf,
  locationReportRowSchema,
  mapPointSchema,
  organizationIdData,
  organizationPublicSchema,
  organizationRecordSchema,
  organizationRowSchema,
  passFailRowSchema,
  playRowSchema,
  pullKitsData,
  pushConflictSchema,
  questionnaireRowSchema,
  roleSchema,
  saveTestResultData,
  scentCardIdData,
  scentCardListRowSchema,
  scentCardSchema,
  scentOptionChoiceSchema,
  scentOptionSchema,
  sessionUserSchema,
  testKitIdData,
  testKitListRowSchema,
  testKitSchema,
  testResultCountsSchema,
  testResultRowSchema,
  userIdData,
  userRowSchema,
  verifyResultData,
} from './replies';
import { type EndpointName, ROUTES } from './routes';

/** One endpoint of the contract: its route, what it takes, and the `data` of its Success reply. */
export interface Endpoint extends Readonly<{ route: RouteInfo; summary: string }> {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** multipart/form-data: a `model` JSON field checked by this schema, and an optional `file`. */
  readonly model?: z.ZodType;
  /** What the multipart `file` is (documentation). */
  readonly fileDescription?: string;
  /** The reply is this file type on success (the envelope only on refusal); `data` is then null. */
  readonly replyFile?: string;
  /** A larger body limit than the server's default (bytes). */
  readonly bodyLimit?: number;
  readonly data: z.ZodType;
}

// ── Small request schemas of the admin and public GET routes ────────────────

/** `?Id=` of the admin GET routes (bound ignoring case). */
export const idQuery = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int().positive({ error: 'Invalid id' }),
});
/** `?Ids=1,2,3` */
export const idsQuery = z.object({
  ids: z.string({ error: 'Invalid ids' }).regex(/^\d+(,\d+)*$/, { error: 'Invalid ids' }),
});
/** `?Id=1,2,3` (DeleteUser). */
export const idListQuery = z.object({
  id: z.string({ error: 'Invalid id' }).regex(/^\d{1,15}(,\d{1,15}){0,99}$/, { error: 'Invalid id' }),
});
export const kitNameQuery = z.object({
  testKitName: z
    .string({ error: CATALOGUE_MSG.kitUnavailable })
    .trim()
    .min(1, { error: CATALOGUE_MSG.kitUnavailable })
    .max(KIT_NAME_MAX, { error: CATALOGUE_MSG.kitUnavailable }),
});
const resultIdField = z.string({ error: PLAY_MSG.invalidId }).trim().min(1, { error: PLAY_MSG.invalidId }).max(100);
export const findResultQuery = z.object({ id: resultIdField });
/** FindTestResultId by POST: the id in the query or in the body. */
export const findResultOptional = z.object({ id: resultIdField.optional() });

/** MM/DD/YYYY (API.md: dates in requests). */
const usDate = z
  .string({ error: MSG.invalidDate })
  .regex(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/, { error: MSG.invalidDate })
  .optional()
  .nullable();
export const auditListRequest = listRequest({
  userId: z.number({ error: MSG.invalidRequest }).int().positive().optional().nullable(),
  action: filterText(),
  fromDate: usDate,
  toDate: usDate,
});

export const kitListRequest = listRequest({ name: filterText() });
// The spec's alias: filter Title or Name.
export const scentOptionListRequest = listRequest({ title: filterText(), name: filterText() });
export const cardListRequest = listRequest({}).extend({
  testKitId: z.coerce.number({ error: CATALOGUE_MSG.kitNotFound }).int().positive({ error: CATALOGUE_MSG.kitNotFound }),
});

const declare = <const E extends Omit<Endpoint, 'route'>>(route: RouteInfo, e: E) => ({ route, ...e });

/**
 * The HTTP contract (API.md), declared once. `ROUTES` says where and who; this says what goes in
 * and what comes out. The server registers every /api route from it and publishes it as OpenAPI.
 */
export const CONTRACT = {
  health: declare(ROUTES.health, { summary: 'Liveness and database check', data: healthData }),
  appConfig: declare(ROUTES.appConfig, {
    summary: "The public address printed in kit QR codes, and the map's tile template ('' when none)",
    data: appConfigData,
  }),

  authenticate: declare(ROUTES.authenticate, {
    summary: 'Sign in (staff): a bearer token and the session user',
    body: authenticateRequest,
    data: sessionUserSchema,
  }),
  changePassword: declare(ROUTES.changePassword, {
    summary: "Change the signed-in user's own password",
    body: changePasswordRequest,
    data: z.null(),
  }),
  getUserList: declare(ROUTES.getUserList, {
    summary: 'Users, paged, filtered by first name, last name, e-mail and phone',
    body: userListRequest,
    data: listOf(userRowSchema),
  }),
  getUserById: declare(ROUTES.getUserById, { summary: 'One user', query: idQuery, data: userRowSchema }),
  createUser: declare(ROUTES.createUser, {
    summary: 'Create a user (a Client Admin needs OrganizationId); e-mails are unique ignoring case',
    body: createUserRequest,
    data: userIdData,
  }),
  updateUser: declare(ROUTES.updateUser, {
    summary: 'Update a user (no password here: see ResetPassword); a user made inactive is signed out at once',
    body: updateUserRequest,
    data: userIdData,
  }),
  deleteUser: declare(ROUTES.deleteUser, {
    summary: 'Delete users (?Id=1,2): hidden, never erased; their sessions end',
    query: idListQuery,
    data: z.null(),
  }),
  resetPassword: declare(ROUTES.resetPassword, {
    summary: "Set a user's new password (rules of spec §5); every session of that user ends",
    body: resetPasswordRequest,
    data: z.null(),
  }),
  getRoles: declare(ROUTES.getRoles, { summary: 'The roles', data: z.array(roleSchema) }),

  dropDownOrganization: declare(ROUTES.dropDownOrganization, {
    summary: 'Active organizations to choose a provider from: id and name only',
    data: z.array(idNameSchema),
  }),
  getOrganizationById: declare(ROUTES.getOrganizationById, {
    summary:
      'Without a token: id, name, address, phone of an active organization; with an Admin token: the whole record',
    query: idQuery,
    data: z.union([organizationRecordSchema, organizationPublicSchema]),
  }),
  getOrganizationList: declare(ROUTES.getOrganizationList, {
    summary: 'Organizations and providers with their Client Admin, paged and filtered',
    body: organizationListRequest,
    data: listOf(organizationRowSchema),
  }),
  createOrganization: declare(ROUTES.createOrganization, {
    summary: 'Create an organization or provider with its Client Admin',
    body: createOrganizationRequest,
    data: organizationIdData,
  }),
  editOrganization: declare(ROUTES.editOrganization, {
    summary: 'Edit an organization and its Client Admin (made inactive together)',
    body: editOrganizationRequest,
    data: organizationIdData,
  }),
  deleteOrganization: declare(ROUTES.deleteOrganization, {
    summary: 'Delete an organization and its users: hidden, never erased; their sessions end',
    query: idQuery,
    data: z.null(),
  }),

  getScentCardOptionList: declare(ROUTES.getScentCardOptionList, {
    summary: 'Scent options, paged and filtered by title',
    body: scentOptionListRequest,
    data: listOf(scentOptionSchema),
  }),
  dropDownForScentCardOption: declare(ROUTES.dropDownForScentCardOption, {
    summary: 'Every live scent option, for pickers',
    data: z.array(scentOptionChoiceSchema),
  }),
  getScentCardOptionById: declare(ROUTES.getScentCardOptionById, {
    summary: 'One scent option',
    query: idQuery,
    data: scentOptionSchema,
  }),
  createScentCardOption: declare(ROUTES.createScentCardOption, {
    summary: 'Create a scent option: multipart `model` {Title} and a PNG `file` under 5 MB',
    model: scentOptionModel,
    data: scentOptionSchema,
  }),
  updateScentCardOption: declare(ROUTES.updateScentCardOption, {
    summary: 'Update a scent option: multipart `model` {Id, Title} and an optional PNG `file`',
    model: scentOptionModel,
    data: scentOptionSchema,
  }),
  deleteScentCardOption: declare(ROUTES.deleteScentCardOption, {
    summary: 'Hide a scent option no card uses',
    query: idQuery,
    data: z.null(),
  }),

  getTestKit: declare(ROUTES.getTestKit, {
    summary: 'Play kits, paged and filtered by name',
    body: kitListRequest,
    data: listOf(testKitListRowSchema),
  }),
  getTestKitById: declare(ROUTES.getTestKitById, {
    summary: 'One play kit with its QR code',
    query: idQuery,
    data: testKitSchema,
  }),
  saveTestKit: declare(ROUTES.saveTestKit, {
    summary: 'Create a play kit',
    body: testKitRequest,
    data: testKitIdData,
  }),
  updateTestKit: declare(ROUTES.updateTestKit, {
    summary: 'Update a play kit (IsActive and PassThreshold keep their values when left out)',
    body: testKitUpdateRequest,
    data: testKitIdData,
  }),
  deleteTestKit: declare(ROUTES.deleteTestKit, {
    summary: 'Delete play kits (a kit with results is made inactive instead)',
    query: idsQuery,
    data: z.null(),
  }),
  getTestNameList: declare(ROUTES.getTestNameList, {
    summary: 'Every live play kit, id and name',
    data: z.array(idNameSchema),
  }),

  getSentCardDetails: declare(ROUTES.getSentCardDetails, {
    summary: "A kit's play rows by code, while the kit is active and playable",
    query: kitNameQuery,
    data: z.array(playRowSchema),
  }),
  getScentCardByTestKitId: declare(ROUTES.getScentCardByTestKitId, {
    summary: "A play kit's scent cards, paged",
    body: cardListRequest,
    data: listOf(scentCardListRowSchema),
  }),
  getScentCardDetailById: declare(ROUTES.getScentCardDetailById, {
    summary: 'One scent card with its options',
    query: idQuery,
    data: scentCardSchema,
  }),
  createSentCardDetails: declare(ROUTES.createSentCardDetails, {
    summary: 'Create a scent card with its five options',
    body: scentCardRequest,
    data: scentCardIdData,
  }),
  updateSentCardDetails: declare(ROUTES.updateSentCardDetails, {
    summary: 'Update a scent card and its options',
    body: scentCardRequest,
    data: scentCardIdData,
  }),
  deleteScentCard: declare(ROUTES.deleteScentCard, {
    summary: 'Hide a scent card of an inactive kit',
    query: idQuery,
    data: z.null(),
  }),

  saveTestResult: declare(ROUTES.saveTestResult, {
    summary: "An online client's played result, stored exactly once under its Id",
    body: saveTestResultRequest,
    data: saveTestResultData,
  }),
  findTestResultId: declare(ROUTES.findTestResultId, {
    summary: "Whether a result's questionnaire is completed",
    query: findResultQuery,
    data: findTestResultData,
  }),
  findTestResultIdPost: declare(ROUTES.findTestResultIdPost, {
    summary: "Whether a result's questionnaire is completed (id in the query or the body)",
    query: findResultOptional,
    body: findResultOptional,
    data: findTestResultData,
  }),
  saveQuestionnaireResult: declare(ROUTES.saveQuestionnaireResult, {
    summary:
      'The COVID-19 questionnaire of a result: exactly five {Question, Answer (Yes/No, any case)}; completes the test. A second one for the result: 400 Warning',
    body: questionnaireRequest,
    data: z.null(),
  }),
  saveUserMedicalInformation: declare(ROUTES.saveUserMedicalInformation, {
    summary:
      'The medical form of a result: names (they replace the placeholder), age, gender, race, eight yes/no flags, and OrganizationId (set once, while the result has none). An identical resend is a no-op; a different second record: 400 Warning',
    body: medicalRequest,
    data: z.null(),
  }),
  verifyResult: declare(ROUTES.verifyResult, {
    summary:
      "The server's record of a result, for a provider checking a report: status, right answers, kit and play time. Unknown or not yet synced: 404",
    query: verifyQuery,
    data: verifyResultData,
  }),
  sendResultInEmail: declare(ROUTES.sendResultInEmail, {
    summary:
      'E-mail a result report: multipart `model` {Name, Email, Date, TestResultId?, Id?} and the PDF `file` (under 5 MB). One Id is sent once; at most 5 e-mails per recipient an hour',
    model: emailModel,
    fileDescription: 'The report as a PDF under 5 MB',
    data: z.null(),
  }),
  sendQuestionnaireResultInEmail: declare(ROUTES.sendQuestionnaireResultInEmail, {
    summary: 'E-mail questionnaire answers: as SendResultInEmail',
    model: emailModel,
    fileDescription: 'The answers as a PDF under 5 MB',
    data: z.null(),
  }),
  generatePkSafePass: declare(ROUTES.generatePkSafePass, {
    summary: 'A signed Apple Wallet pass (.pkpass) showing name, date, result and score',
    body: pkPassRequest,
    replyFile: 'application/vnd.apple.pkpass',
    data: z.null(),
  }),
  getTestResultCounts: declare(ROUTES.getTestResultCounts, {
    summary: 'Dashboard counts (a Client Admin counts their organization only)',
    data: testResultCountsSchema,
  }),

  getTestResultList: declare(ROUTES.getTestResultList, {
    summary:
      'Play results, newest first by default, paged, with the filters of spec §7 (days in America/Los_Angeles); a Client Admin sees their organization only, names removed where not disclosed',
    body: testResultListRequest,
    data: listOf(testResultRowSchema),
  }),
  getTestAnswerResultDetailList: declare(ROUTES.getTestAnswerResultDetailList, {
    summary: "A result's answers as played (card, answer, picture, right answer, intensity); each view is audited",
    body: resultDetailRequest,
    data: listOf(answerDetailRowSchema),
  }),
  getQuestionnaireAnswerList: declare(ROUTES.getQuestionnaireAnswerList, {
    summary: "A result's questionnaire answers",
    body: resultDetailRequest,
    data: listOf(questionnaireRowSchema),
  }),
  exportCsv: declare(ROUTES.exportCsv, {
    summary:
      'The filtered results as CSV (UTF-8 with BOM, formulas defused), streamed from the database; a UTC-stamped file name; audited',
    body: exportCsvRequest,
    replyFile: 'text/csv',
    data: z.null(),
  }),
  getDataLocation: declare(ROUTES.getDataLocation, {
    summary:
      'Data Location report: pass and fail per country, state and city (Unknown without a position), paged, sortable',
    body: reportRequest,
    data: listOf(locationReportRowSchema),
  }),
  getLocationData: declare(ROUTES.getLocationData, {
    summary: 'Location Map report: each located result as {latitude, longitude, resultStatus}',
    body: reportRequest,
    data: z.array(mapPointSchema),
  }),
  passFailDataByDate: declare(ROUTES.passFailDataByDate, {
    summary: 'Pass/Fail chart report: results per month (America/Los_Angeles)',
    body: reportRequest,
    data: z.array(passFailRowSchema),
  }),

  getAuditLog: declare(ROUTES.getAuditLog, {
    summary: 'The audit log, newest first: filter by user, action and days (MM/DD/YYYY, America/Los_Angeles)',
    body: auditListRequest,
    data: listOf(auditRowSchema),
  }),

  pullKits: declare(ROUTES.pullKits, {
    summary: 'Kits down: documents newer than the checkpoint, tombstones, unknown codes',
    body: pullRequestSchema,
    data: pullKitsData,
  }),
  pushResults: declare(ROUTES.pushResults, {
    summary: 'Results up: each stored exactly once; the reply lists the conflicts',
    body: pushBodySchema,
    data: z.array(pushConflictSchema),
  }),
  pushEmails: declare(ROUTES.pushEmails, {
    summary:
      'An e-mail made offline, up: one EmailDoc a request (up to 8 MB), sent exactly once by its id; the reply lists a refusal',
    body: emailPushBodySchema,
    bodyLimit: EMAIL_PUSH_MAX_BYTES,
    data: z.array(emailConflictSchema),
  }),
  pushQuestionnaires: declare(ROUTES.pushQuestionnaires, {
    summary:
      'Questionnaires answered offline, up: each QuestionnaireDoc stored exactly once by its id, after its result; the reply lists refusals',
    body: formPushBodySchema,
    data: z.array(emailConflictSchema),
  }),
  pushMedical: declare(ROUTES.pushMedical, {
    summary:
      'Medical forms made offline, up: each MedicalDoc stored exactly once by its id, after its result; the reply lists refusals',
    body: formPushBodySchema,
    data: z.array(emailConflictSchema),
  }),
} as const satisfies { [N in EndpointName]: Endpoint };

export type Contract = typeof CONTRACT;
type Schema<N extends EndpointName, K extends 'query' | 'body' | 'model' | 'data'> = Contract[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a client sends (before defaults and coercion). */
export type ApiQuery<N extends EndpointName> = z.input<Schema<N, 'query'>>;
export type ApiBody<N extends EndpointName> = z.input<Schema<N, 'body'>>;
export type ApiModel<N extends EndpointName> = z.input<Schema<N, 'model'>>;
/** The `data` of the endpoint's Success reply. */
export type ApiData<N extends EndpointName> = z.output<Schema<N, 'data'>>;
