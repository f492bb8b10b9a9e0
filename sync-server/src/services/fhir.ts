import { createHash } from 'node:crypto';
import {
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  type FhirExportQuery,
  type FhirExportType,
  GENDERS,
  isPersonName,
  QUESTIONNAIRE_QUESTIONS,
  RACES,
  type WebhookEvent,
} from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { type FhirRecord, fhirRecords } from '../repositories/fhir';
import { type ResultScope, resultScope, withNameRule } from '../repositories/results';
import type { ExtendedExportValues } from '../repositories/results-list';
import { exportFileName } from './results-csv';
import { playerName } from './wallet';

/*
 * FHIR R4 (API.md "Webhooks and FHIR"): the resources made from a stored result — an Observation,
 * the QuestionnaireResponses of its two forms, a Patient only where names may be shown — the
 * webhooks' Bundle, the staff's NDJSON export and the two Questionnaires. Made from the stored
 * record each time, never stored. No place ever: nothing of the result's country, state, city or
 * coordinates is read here (repositories/fhir.ts does not select them).
 */

type Resource = Record<string, unknown>;

export const SNOMED_CT = 'http://snomed.info/sct';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const OBSERVATION_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** SNOMED CT "Olfaction test" (procedure). */
export const OLFACTION_TEST = '252559003';
export const SCREENING_TEXT = 'Scentry smell screening (5 cards)';

/** Scentry's own code system: pass | fail, score, card-<n>, card-<n>-intensity, correct | incorrect. */
export const resultCodeSystem = (publicUrl: string) => `${publicUrl}/fhir/CodeSystem/scentry-result`;
/** The system of the Observation's identifier (its value: the result id). */
export const resultIdentifierSystem = (publicUrl: string) => `${publicUrl}/results`;

export type QuestionnaireName = 'covid-19' | 'medical-history';
/** The canonical URL of a Questionnaire: where GET serves it. */
export const questionnaireUrl = (publicUrl: string, name: QuestionnaireName) =>
  `${publicUrl}/api/Fhir/Questionnaire/${name}`;

/** The COVID-19 questionnaire's items, by the stored rows' order (sort order 1..5). */
export const COVID_LINK_IDS = [
  'smell-taste-change',
  'covid-positive',
  'covid-test-pending',
  'covid-diagnosed',
  'contact-tracing',
] as const;

/** The medical form's flags: linkId and the column holding the answer, disorders then family history. */
const DISORDER_ITEMS = [
  { linkId: 'alzheimer-disease', column: 'isAlzheimerDisease' },
  { linkId: 'parkinson-disease', column: 'isParkinsonDisease' },
  { linkId: 'head-injury-concussion', column: 'isHeadInjuriesConcussion' },
  { linkId: 'sino-nasal-disease', column: 'isSinoNasalDisease' },
  { linkId: 'other-neurological-disorder', column: 'isOtherNeurologicalDisorder' },
] as const;
const FAMILY_ITEMS = [
  { linkId: 'alzheimer-disease-in-family', column: 'isAlzheimerDiseaseInFamily' },
  { linkId: 'parkinson-disease-in-family', column: 'isParkinsonDiseaseInFamily' },
  { linkId: 'other-neurological-disorder-in-family', column: 'isOtherNeurologicalDisorderInFamily' },
] as const;
// The items name the same flags, in the same order, as the shared form's lists (their labels are the items' texts).
for (const [items, flags] of [
  [DISORDER_ITEMS, DISORDER_FLAGS],
  [FAMILY_ITEMS, FAMILY_FLAGS],
] as const) {
  items.forEach((item, i) => {
    if (flags[i]?.key !== `I${item.column.slice(1)}`)
      throw new Error(`medical item ${item.linkId} is not ${flags[i]?.key}`);
  });
}

/** The medical form's question texts (the player's screens' English words). */
const MEDICAL_TEXT = {
  age: 'Age',
  gender: 'Gender',
  race: 'Race/Ethnicity',
  disorders: 'Have you been diagnosed with any of these?',
  family: 'Has anyone in your family been diagnosed with any of these?',
} as const;

// ── Ids ─────────────────────────────────────────────────────────────────────

/**
 * A UUID made from the result id and what it names (RFC 9562 version 5, the result id as the
 * namespace): the same result gives the same resource ids at every delivery and export.
 */
export function derivedUuid(resultId: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(resultId.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of each resource a result gives (the Observation's is the result id). */
export const resourceIds = (resultId: string) => ({
  observation: resultId,
  patient: derivedUuid(resultId, 'Patient'),
  covid: derivedUuid(resultId, 'QuestionnaireResponse/covid-19'),
  medical: derivedUuid(resultId, 'QuestionnaireResponse/medical-history'),
});

/** How a resource points at another: `urn:uuid:` inside a Bundle, `Type/id` in an export. */
export type Linking = 'bundle' | 'relative';
const referenceTo = (type: string, id: string, linking: Linking) =>
  linking === 'bundle' ? `urn:uuid:${id}` : `${type}/${id}`;

// ── Names ───────────────────────────────────────────────────────────────────

/**
 * The names a result's FHIR output may carry: those the viewer's scope lets it see (the results
 * list's and CSV's rule, withNameRule), then only where the result's organization discloses them —
 * the organization's own view, as its Client Admin's scope (resultScope) has it. A result with no
 * organization counts as disclosing, as a user with none does (repositories/users.ts).
 */
function disclosedNames(
  record: FhirRecord,
  viewer: ResultScope | null,
): { given: string | null; family: string | null } | null {
  const organizationView = resultScope({
    roleName: 'Client Admin',
    organizationId: record.organizationId,
    discloseUserDetails: record.organizationId === null || record.discloseUserDetails === 1,
  });
  const seen = withNameRule(organizationView, viewer ? withNameRule(viewer, record) : record);
  // The player gave names: not the "Guest Player" placeholder, and passing the name rule (wallet pass's rule).
  if (playerName({ firstName: seen.firstName ?? '', lastName: seen.lastName ?? '' }) === null) return null;
  const part = (v: string | null) => {
    const text = (v ?? '').trim().normalize('NFC');
    return text && isPersonName(text) ? text : null;
  };
  return { given: part(seen.firstName), family: part(seen.lastName) };
}

// ── Resources ───────────────────────────────────────────────────────────────

/** The Patient of a result: its names only (no identifier, no place), or null when none may be given. */
export function patientOf(record: FhirRecord, viewer: ResultScope | null = null): Resource | null {
  const names = disclosedNames(record, viewer);
  if (!names) return null;
  return {
    resourceType: 'Patient',
    id: resourceIds(record.id).patient,
    name: [
      {
        ...(names.family ? { family: names.family } : {}),
        ...(names.given ? { given: [names.given] } : {}),
      },
    ],
  };
}

const coding = (system: string, code: string, display?: string) => ({
  coding: [{ system, code, ...(display ? { display } : {}) }],
});

/** The Observation of a result: its status, score and each card's answer and intensity. */
export function observationOf(record: FhirRecord, publicUrl: string, subject: string | null): Resource {
  const system = resultCodeSystem(publicUrl);
  const pass = record.resultStatus === 'Pass';
  const cards = record.answers.flatMap((a, i) => {
    const n = i + 1;
    return [
      {
        code: { ...coding(system, `card-${n}`, `Card ${n} answer`), text: a.scentCardName },
        valueString: a.answerName,
        interpretation: [coding(system, a.isCorrect ? 'correct' : 'incorrect', a.isCorrect ? 'Correct' : 'Incorrect')],
      },
      {
        code: coding(system, `card-${n}-intensity`, `Card ${n} intensity (0-5)`),
        valueInteger: a.smellIntensity,
      },
    ];
  });
  return {
    resourceType: 'Observation',
    id: resourceIds(record.id).observation,
    identifier: [{ system: resultIdentifierSystem(publicUrl), value: record.id }],
    status: 'final',
    category: [coding(OBSERVATION_CATEGORY, 'exam', 'Exam')],
    code: { ...coding(SNOMED_CT, OLFACTION_TEST, 'Olfaction test'), text: SCREENING_TEXT },
    ...(subject ? { subject: { reference: subject } } : {}),
    effectiveDateTime: record.playedAt,
    valueCodeableConcept: {
      ...coding(system, pass ? 'pass' : 'fail', pass ? 'Pass' : 'Fail'),
      text: pass ? 'Pass' : 'Fail',
    },
    interpretation: [coding(OBSERVATION_INTERPRETATION, pass ? 'N' : 'A', pass ? 'Normal' : 'Abnormal')],
    component: [{ code: coding(system, 'score', 'Right answers'), valueInteger: record.rightAnswerCount }, ...cards],
  };
}

/** The COVID-19 questionnaire's response, or null when it was not answered. */
export function covidResponseOf(
  record: FhirRecord,
  publicUrl: string,
  subject: string | null,
  observation: string,
): Resource | null {
  if (!record.questionnaire.length || !record.questionnaireAt) return null;
  const item = record.questionnaire.map((q, i) => ({
    linkId: COVID_LINK_IDS[q.sortOrder - 1] ?? `question-${q.sortOrder || i + 1}`,
    text: q.question,
    answer: [{ valueBoolean: q.answer === 'Yes' }],
  }));
  return {
    resourceType: 'QuestionnaireResponse',
    id: resourceIds(record.id).covid,
    questionnaire: questionnaireUrl(publicUrl, 'covid-19'),
    status: 'completed',
    partOf: [{ reference: observation }],
    ...(subject ? { subject: { reference: subject } } : {}),
    authored: record.questionnaireAt,
    item,
  };
}

/** The medical form's response (age, gender, race, the flags; names only ever in the Patient), or null. */
export function medicalResponseOf(
  record: FhirRecord,
  publicUrl: string,
  subject: string | null,
  observation: string,
): Resource | null {
  if (!record.medicalUpdatedAt) return null;
  const item: Resource[] = [];
  if (record.age != null) item.push({ linkId: 'age', text: MEDICAL_TEXT.age, answer: [{ valueInteger: record.age }] });
  if (record.gender)
    item.push({ linkId: 'gender', text: MEDICAL_TEXT.gender, answer: [{ valueString: record.gender }] });
  if (record.race) item.push({ linkId: 'race', text: MEDICAL_TEXT.race, answer: [{ valueString: record.race }] });
  const group = (
    linkId: string,
    text: string,
    items: typeof DISORDER_ITEMS | typeof FAMILY_ITEMS,
    labels: readonly { label: string }[],
  ) => {
    const answered = items.flatMap((it, i) => {
      const value = record[it.column];
      return value == null
        ? []
        : [{ linkId: it.linkId, text: labels[i].label, answer: [{ valueBoolean: value === 1 }] }];
    });
    if (answered.length) item.push({ linkId, text, item: answered });
  };
  group('disorders', MEDICAL_TEXT.disorders, DISORDER_ITEMS, DISORDER_FLAGS);
  group('family-history', MEDICAL_TEXT.family, FAMILY_ITEMS, FAMILY_FLAGS);
  return {
    resourceType: 'QuestionnaireResponse',
    id: resourceIds(record.id).medical,
    questionnaire: questionnaireUrl(publicUrl, 'medical-history'),
    status: 'completed',
    partOf: [{ reference: observation }],
    ...(subject ? { subject: { reference: subject } } : {}),
    authored: record.medicalUpdatedAt,
    ...(item.length ? { item } : {}),
  };
}

/** Every resource of a result, linked one way: the Patient (when allowed), Observation and responses. */
export function resourcesOf(
  record: FhirRecord,
  publicUrl: string,
  linking: Linking,
  viewer: ResultScope | null = null,
): { patient: Resource | null; observation: Resource; covid: Resource | null; medical: Resource | null } {
  const ids = resourceIds(record.id);
  const patient = patientOf(record, viewer);
  const subject = patient ? referenceTo('Patient', ids.patient, linking) : null;
  const observation = referenceTo('Observation', ids.observation, linking);
  return {
    patient,
    observation: observationOf(record, publicUrl, subject),
    covid: covidResponseOf(record, publicUrl, subject, observation),
    medical: medicalResponseOf(record, publicUrl, subject, observation),
  };
}

// ── The two Questionnaires ──────────────────────────────────────────────────

/** The Questionnaire the COVID-19 responses answer: the five questions, yes or no. */
export function covidQuestionnaire(publicUrl: string): Resource {
  return {
    resourceType: 'Questionnaire',
    id: 'covid-19',
    url: questionnaireUrl(publicUrl, 'covid-19'),
    name: 'ScentryCovid19',
    title: 'Scentry COVID-19 questionnaire',
    status: 'active',
    subjectType: ['Patient'],
    item: QUESTIONNAIRE_QUESTIONS.map((text, i) => ({
      linkId: COVID_LINK_IDS[i],
      text,
      type: 'boolean',
      required: true,
    })),
  };
}

/** The Questionnaire the medical form's responses answer: age, gender, race and the two lists of flags. */
export function medicalQuestionnaire(publicUrl: string): Resource {
  const flags = (items: typeof DISORDER_ITEMS | typeof FAMILY_ITEMS, labels: readonly { label: string }[]) =>
    items.map((it, i) => ({ linkId: it.linkId, text: labels[i].label, type: 'boolean', required: true }));
  return {
    resourceType: 'Questionnaire',
    id: 'medical-history',
    url: questionnaireUrl(publicUrl, 'medical-history'),
    name: 'ScentryMedicalHistory',
    title: 'Scentry medical and family history',
    status: 'active',
    subjectType: ['Patient'],
    item: [
      { linkId: 'age', text: MEDICAL_TEXT.age, type: 'integer', required: true },
      {
        linkId: 'gender',
        text: MEDICAL_TEXT.gender,
        type: 'choice',
        required: true,
        answerOption: GENDERS.map((valueString) => ({ valueString })),
      },
      {
        linkId: 'race',
        text: MEDICAL_TEXT.race,
        type: 'choice',
        required: true,
        answerOption: RACES.map((valueString) => ({ valueString })),
      },
      { linkId: 'disorders', text: MEDICAL_TEXT.disorders, type: 'group', item: flags(DISORDER_ITEMS, DISORDER_FLAGS) },
      { linkId: 'family-history', text: MEDICAL_TEXT.family, type: 'group', item: flags(FAMILY_ITEMS, FAMILY_FLAGS) },
    ],
  };
}

// ── The webhooks' Bundle ────────────────────────────────────────────────────

/** What an event's Bundle holds besides the Observation (and the Patient, when allowed). */
const EVENT_RESPONSE = { 'result.stored': null, 'questionnaire.stored': 'covid', 'medical.stored': 'medical' } as const;

/**
 * A webhook delivery's body (API.md "Webhooks and FHIR"): a FHIR R4 Bundle of type `collection`,
 * made from the stored record at each attempt (names follow the organization's disclosure at that
 * moment). `test`: an empty Bundle. result.stored: [Patient?, Observation]; questionnaire.stored
 * and medical.stored add that form's QuestionnaireResponse. Entries are `urn:uuid:` of the stable
 * resource ids, so a redelivery carries the same resources. Null when the result no longer exists.
 */
export async function eventBundle(
  db: Db,
  publicUrl: string,
  event: WebhookEvent | 'test',
  resultId: string | null,
): Promise<Record<string, unknown> | null> {
  const timestamp = new Date().toISOString();
  if (event === 'test') return { resourceType: 'Bundle', type: 'collection', timestamp };
  if (!resultId) return null;
  const [record] = await fhirRecords(db, [resultId]);
  if (!record) return null;
  const made = resourcesOf(record, publicUrl, 'bundle');
  const response = EVENT_RESPONSE[event];
  const resources = [made.patient, made.observation, response ? made[response] : null].filter(
    (r): r is Resource => r !== null,
  );
  return {
    resourceType: 'Bundle',
    id: derivedUuid(record.id, `Bundle/${event}`),
    type: 'collection',
    timestamp,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

// ── The NDJSON export ───────────────────────────────────────────────────────

/** Results read from the export cursor per batch of records. */
const BATCH = 200;

/** The export's rows' result id (ExtendedExportValues' `id`). */
const ID_AT = 17;

/**
 * The NDJSON of one resource type for the export cursor's results (Extended rows, read in their
 * order), in chunks of about `chunkSize` characters: one resource a line, references `Type/id`.
 * Names follow the caller's scope and the results' organizations (disclosedNames).
 */
export async function* ndjsonChunks(
  db: Db,
  publicUrl: string,
  type: FhirExportType,
  scope: ResultScope,
  rows: Iterable<ExtendedExportValues> | AsyncIterable<ExtendedExportValues>,
  chunkSize = 64 * 1024,
): AsyncGenerator<string> {
  let chunk = '';
  let ids: string[] = [];
  const flush = async function* () {
    const records = new Map((await fhirRecords(db, ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const record = records.get(id);
      if (!record) continue;
      const made = resourcesOf(record, publicUrl, 'relative', scope);
      const lines =
        type === 'Observation' ? [made.observation] : type === 'Patient' ? [made.patient] : [made.covid, made.medical];
      for (const resource of lines) if (resource) chunk += `${JSON.stringify(resource)}\n`;
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = '';
      }
    }
    ids = [];
  };
  for await (const row of rows) {
    ids.push(row[ID_AT]);
    if (ids.length >= BATCH) yield* flush();
  }
  if (ids.length) yield* flush();
  if (chunk) yield chunk;
}

/** `results-YYYYMMDDTHHmmssZ-<Type>.ndjson`: the CSV export's name, stamped in UTC, with the type. */
export const fhirExportFileName = (now: Date, type: FhirExportType): string =>
  exportFileName(now).replace(/\.csv$/, `-${type}.ndjson`);

/** What the audit log keeps of a FHIR export: as the CSV's (rows, filters given), and the format. */
export function fhirExportAuditDetail(query: FhirExportQuery, rows: number): string {
  const filters: Record<string, unknown> = { type: query.type };
  if (query.fromDate) filters.fromDate = query.fromDate;
  if (query.toDate) filters.toDate = query.toDate;
  return JSON.stringify({ rows, format: 'fhir-ndjson', filters });
}
