import { MEDICAL_FLAG_KEYS, type MedicalForm, type MedicalRequest } from '@scentry/shared-schema';
import { callPlayer } from '../../../lib/api';
import { getStoredResult, type StoredResult, setStoredResult, updatePlayer } from '../../../lib/player';
import { type Delivery, sendOrQueue } from '../../../offline/send-or-queue';
import type { LocalForm } from '../../../offline/types';

/** SaveUserMedicalInformation's body: the form, its result and (once, when chosen here) the provider. */
export function medicalBody(form: MedicalForm, testResultId: string, organizationId: number | null): MedicalRequest {
  return { ...form, TestResultId: testResultId, OrganizationId: organizationId };
}

const camel = (key: string) => `${key[0].toLowerCase()}${key.slice(1)}`;

/**
 * The MedicalDoc kept for the push (API.md "Sync"), camelCase, without its id and testResultId
 * (the kept form carries those): firstName, lastName, age, gender, race, organizationId, the flags.
 */
export function medicalDoc(body: MedicalRequest): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    firstName: body.FirstName,
    lastName: body.LastName,
    age: body.Age,
    gender: body.Gender,
    race: body.Race,
    organizationId: body.OrganizationId ?? null,
  };
  for (const k of MEDICAL_FLAG_KEYS) doc[camel(k)] = body[k];
  return doc;
}

/**
 * Keeps the answers on the device (spec §3 player-data keys), so the result page and its report
 * show them at once, online or not; and a provider chosen here on the stored result, so the result
 * page names it.
 */
export function rememberAnswers(form: MedicalForm, organizationId: number | null): void {
  const flags = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, form[k]]));
  updatePlayer({
    FirstName: form.FirstName,
    LastName: form.LastName,
    Age: form.Age,
    Gender: form.Gender,
    Race: form.Race,
    ...flags,
  });
  const stored = getStoredResult();
  if (organizationId !== null && stored && !stored.organizationId) setStoredResult({ ...stored, organizationId });
}

export interface SubmitDeps {
  send: (body: MedicalRequest) => Promise<unknown>;
  queue: (form: Omit<LocalForm, 'state' | 'createdAt'>) => Promise<void>;
  deliver: typeof sendOrQueue;
  newId: () => string;
}

const defaultDeps: SubmitDeps = {
  send: (body) => callPlayer('saveUserMedicalInformation', { body }),
  queue: async (form) => {
    const store = await import('../../../offline/store');
    await store.queueFormLocally(form);
  },
  deliver: sendOrQueue,
  newId: () => crypto.randomUUID(),
};

/**
 * Submits the medical form of the stored result exactly once: the answers are kept on the device
 * first, then sent at once when it can, else kept and pushed by the sync loop under a new id. A
 * refusal by the server is thrown (ApiFailure): the screen tells the player (spec §8).
 */
export async function submitMedical(
  form: MedicalForm,
  result: StoredResult,
  /** A provider chosen on the form (only offered while the result has none). */
  organizationId: number | null,
  deps: SubmitDeps = defaultDeps,
): Promise<Delivery> {
  const orgId = result.organizationId ? null : organizationId;
  const body = medicalBody(form, result.testResultId, orgId);
  rememberAnswers(form, orgId);
  const id = deps.newId();
  return deps.deliver(
    result.testResultId,
    (_, writeKey) => deps.send({ ...body, WriteKey: writeKey }),
    () => deps.queue({ id, testResultId: result.testResultId, kind: 'medical', doc: medicalDoc(body) }),
  );
}
