import { z } from 'zod';
import { GENDERS, RACES } from '../common/enums';
import { MSG } from '../common/messages';
import { nameSchema } from '../common/rules';
import { pushRows, uuid } from '../common/schemas';
import { deviceMarkPascalShape, deviceMarkShape } from '../devices/schemas';
import { PLAY_MSG, PLAYER_NAME_MAX } from '../results/rules';
import { writeKeySchema } from '../results/schemas';
import { AGE_MAX, AGE_MIN, MEDICAL_FLAG_KEYS, MEDICAL_MSG, type MedicalFlagKey } from './medical';
import { QUESTION_MAX, QUESTIONNAIRE_LENGTH, QUESTIONNAIRE_MSG } from './questionnaire';

/** The player's forms after play (spec §3, §5; API.md "Sync"), as zod schemas. */

/** Players' names: the one name rule (common/rules.ts), under 25 characters (DESIGN.md §7). */
const playerName = (required: string) => nameSchema({ required, tooLong: MEDICAL_MSG.nameTooLong }, PLAYER_NAME_MAX);

export const ageSchema = z
  .number({ error: MEDICAL_MSG.ageRequired })
  .int({ error: MEDICAL_MSG.ageInvalid })
  .min(AGE_MIN, { error: MEDICAL_MSG.ageInvalid })
  .max(AGE_MAX, { error: MEDICAL_MSG.ageInvalid });

const yesNo = z.boolean({ error: MEDICAL_MSG.optionRequired });
const flagShape = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, yesNo])) as Record<MedicalFlagKey, typeof yesNo>;

/** The medical form's basics step (spec §5 Home rules). */
export const medicalBasics = z.object({
  FirstName: playerName(MEDICAL_MSG.firstNameRequired),
  LastName: playerName(MEDICAL_MSG.lastNameRequired),
  Age: ageSchema,
  Gender: z.enum(GENDERS, { error: MEDICAL_MSG.genderRequired }),
  Race: z.enum(RACES, { error: MEDICAL_MSG.raceRequired }),
});

/** The whole medical form (PascalCase as the spec names the fields; bound ignoring case on the server). */
export const medicalForm = medicalBasics.extend(flagShape);
export type MedicalForm = z.output<typeof medicalForm>;

/**
 * SaveUserMedicalInformation: the form plus the result it belongs to and, once, its organization.
 * The names are optional here (API.md: it "also accepts" them, setting the result's names): the
 * spec's body has none, and then the result keeps the names it was played under.
 */
export const medicalRequest = medicalForm.extend({
  FirstName: playerName(MEDICAL_MSG.firstNameRequired).optional(),
  LastName: playerName(MEDICAL_MSG.lastNameRequired).optional(),
  TestResultId: uuid(PLAY_MSG.invalidId),
  /** The result's write key (API.md "Writing to a result"); results stored without one need none. */
  WriteKey: writeKeySchema.nullable().optional(),
  OrganizationId: z.number({ error: MSG.invalidRequest }).int().positive().nullable().optional(),
  ...deviceMarkPascalShape,
});
export type MedicalRequest = z.output<typeof medicalRequest>;

/** A medical form made offline (API.md "Sync": MedicalDoc), keyed by its own device UUID. */
export const medicalDocSchema = medicalRequest.extend({ Id: uuid(MSG.invalidRequest) });
export type MedicalDoc = z.output<typeof medicalDocSchema>;

const questionRow = z.object({
  Question: z
    .string({ error: QUESTIONNAIRE_MSG.question })
    .min(1, { error: QUESTIONNAIRE_MSG.question })
    .max(QUESTION_MAX, { error: QUESTIONNAIRE_MSG.question }),
  Answer: z
    .string({ error: QUESTIONNAIRE_MSG.answer })
    .trim()
    .refine((v) => /^(yes|no)$/i.test(v), { error: QUESTIONNAIRE_MSG.answer }),
});

/** SaveQuestionnaireResult: exactly five rows, each question as sent and a Yes or No in any case. */
export const questionnaireRequest = z.object({
  TestResultId: uuid(PLAY_MSG.invalidId),
  WriteKey: writeKeySchema.nullable().optional(),
  QuestionnaireListDetails: z
    .array(questionRow, { error: QUESTIONNAIRE_MSG.exactlyFive })
    .length(QUESTIONNAIRE_LENGTH, { error: QUESTIONNAIRE_MSG.exactlyFive }),
  ...deviceMarkPascalShape,
});
export type QuestionnaireRequest = z.output<typeof questionnaireRequest>;

/** A questionnaire answered offline (API.md "Sync": QuestionnaireDoc), keyed by its own device UUID. */
export const questionnaireDocSchema = z.object({
  id: uuid(MSG.invalidRequest),
  testResultId: uuid(PLAY_MSG.invalidId),
  writeKey: writeKeySchema.nullable().optional(),
  answers: z
    .array(z.object({ question: questionRow.shape.Question, answer: questionRow.shape.Answer }), {
      error: QUESTIONNAIRE_MSG.exactlyFive,
    })
    .length(QUESTIONNAIRE_LENGTH, { error: QUESTIONNAIRE_MSG.exactlyFive }),
  ...deviceMarkShape,
});
export type QuestionnaireDoc = z.output<typeof questionnaireDocSchema>;

/** Forms per push: a device sends its waiting forms in batches of at most this many. */
export const FORM_PUSH_MAX_ROWS = 20;

/** The push of medical forms or questionnaires: rows checked one by one, like results. */
export const formPushBodySchema = pushRows(1, FORM_PUSH_MAX_ROWS);

/**
 * A stored form, as a refused second one carries it to the holder of the result's write key
 * (API.md "Writing to a result"), so the device can show what the record says.
 */
export const storedQuestionnaireSchema = z.object({
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
const camel = (key: string) => `${key[0].toLowerCase()}${key.slice(1)}`;
export const storedMedicalSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [camel(k), z.boolean()])),
  organizationId: z.number().int().nullable(),
});
