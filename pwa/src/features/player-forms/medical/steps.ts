import {
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  type FieldErrors,
  GENDERS,
  type Gender,
  MEDICAL_FLAG_KEYS,
  MEDICAL_MSG,
  type MedicalFlagKey,
  type MedicalForm,
  type MessageId,
  medicalForm,
  parseRequest,
  RACES,
  type Race,
} from '@scentry/shared-schema';
import { isPlaceholderName, type PlayerData } from '../../../lib/player';

/** What the form holds while it is filled in: the age as typed, unanswered choices as null. */
export type MedicalValues = {
  FirstName: string;
  LastName: string;
  Age: string;
  Gender: Gender | null;
  Race: Race | null;
} & Record<MedicalFlagKey, boolean | null>;

export type BasicsKey = 'FirstName' | 'LastName' | 'Age' | 'Gender' | 'Race';

export interface MedicalStep {
  /** The step's title, a catalogue key. */
  title: MessageId;
  /** The fields this step asks, in the order shown (errors focus the first). */
  fields: readonly (BasicsKey | MedicalFlagKey)[];
}

/** The three steps of spec §2: basics, diagnosed disorders, family history. */
export const MEDICAL_STEPS: readonly MedicalStep[] = [
  { title: 'medical.stepAbout', fields: ['FirstName', 'LastName', 'Age', 'Gender', 'Race'] },
  { title: 'medical.stepDisorders', fields: DISORDER_FLAGS.map((f) => f.key) },
  { title: 'medical.stepFamily', fields: FAMILY_FLAGS.map((f) => f.key) },
];

export const emptyMedicalValues = (): MedicalValues =>
  ({
    FirstName: '',
    LastName: '',
    Age: '',
    Gender: null,
    Race: null,
    ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, null])),
  }) as MedicalValues;

/**
 * The form as the device last kept it (player data, spec §3): names unless they are still the
 * placeholder, and any answer already given (a player coming back to the form).
 */
export function valuesFromPlayer(player: PlayerData | null): MedicalValues {
  const v = emptyMedicalValues();
  if (!player) return v;
  if (!isPlaceholderName(player.FirstName, player.LastName)) {
    v.FirstName = typeof player.FirstName === 'string' ? player.FirstName : '';
    v.LastName = typeof player.LastName === 'string' ? player.LastName : '';
  }
  if (typeof player.Age === 'number' || typeof player.Age === 'string') v.Age = String(player.Age);
  if ((GENDERS as readonly unknown[]).includes(player.Gender)) v.Gender = player.Gender as Gender;
  if ((RACES as readonly unknown[]).includes(player.Race)) v.Race = player.Race as Race;
  for (const k of MEDICAL_FLAG_KEYS) if (typeof player[k] === 'boolean') v[k] = player[k] as boolean;
  return v;
}

/** The age as the schema reads it: nothing typed is missing; anything typed is a number to check. */
function ageInput(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

/** The values as the shared schema validates them (unanswered → absent, so "required" messages show). */
export function toFormInput(values: MedicalValues): Record<string, unknown> {
  const input: Record<string, unknown> = {
    FirstName: values.FirstName,
    LastName: values.LastName,
    Age: ageInput(values.Age),
    Gender: values.Gender ?? undefined,
    Race: values.Race ?? undefined,
  };
  for (const k of MEDICAL_FLAG_KEYS) input[k] = values[k] ?? undefined;
  return input;
}

export type FormCheck = { ok: true; data: MedicalForm } | { ok: false; errors: FieldErrors; firstStep: number };

/**
 * Validates the whole form with the shared schema (spec §5 messages): the form's data, or the
 * message of each field in error and the first step holding one (where Submit sends the player).
 */
export function checkMedicalForm(values: MedicalValues): FormCheck {
  const parsed = parseRequest(medicalForm, toFormInput(values));
  if (parsed.ok) return { ok: true, data: parsed.data };
  const errors = { ...parsed.fields };
  // Text that is not a number is typed, not missing: "valid Age", not "enter Age".
  if (errors.Age === MEDICAL_MSG.ageRequired && values.Age.trim() !== '') errors.Age = MEDICAL_MSG.ageInvalid;
  const firstStep = MEDICAL_STEPS.findIndex((s) => s.fields.some((f) => f in errors));
  return { ok: false, errors, firstStep: firstStep === -1 ? 0 : firstStep };
}

/** Next (spec §4): the errors of this step's fields only; none means the player may go on. */
export function checkStep(step: number, values: MedicalValues): FieldErrors {
  const check = checkMedicalForm(values);
  if (check.ok) return {};
  const fields = new Set<string>(MEDICAL_STEPS[step]?.fields ?? []);
  return Object.fromEntries(Object.entries(check.errors).filter(([k]) => fields.has(k)));
}
