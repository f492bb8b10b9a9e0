import { MEDICAL_FLAG_KEYS, type MedicalForm, type MedicalRequest } from '@scentry/shared-schema';
import { ApiFailure, callPlayer } from '../../../lib/api';
import { getPlayer, getStoredResult, type StoredResult, setStoredResult, updatePlayer } from '../../../lib/player';
import { STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { type Delivery, sendOrQueue } from '../../../offline/send-or-queue';
import type { LocalForm } from '../../../offline/types';
import { adoptStoredForm, setMedicalRecord } from './record';

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
 * How a submit ended: 'sent' (the server has it), 'queued' (kept on the device, it uploads by
 * itself), or 'alreadySent': the server already held a form for the result (400 Warning) and the
 * device now shows that one.
 */
export type MedicalOutcome = Delivery | 'alreadySent';

/**
 * Submits the medical form of the stored result exactly once: the answers are kept on the device
 * first, then sent at once when it can, else kept and pushed by the sync loop under a new id. The
 * result's medical record says which (shown read-only afterwards, DESIGN.md §7). A form already
 * stored for the result replaces the device's copy (its values come with the Warning); any other
 * refusal by the server puts the device's copy back as it was and is thrown (ApiFailure): the
 * device never keeps what the server refused.
 */
export async function submitMedical(
  form: MedicalForm,
  result: StoredResult,
  /** A provider chosen on the form (only offered while the result has none). */
  organizationId: number | null,
  deps: SubmitDeps = defaultDeps,
): Promise<MedicalOutcome> {
  const orgId = result.organizationId ? null : organizationId;
  const body = medicalBody(form, result.testResultId, orgId);
  const before = { player: getPlayer(), organizationId: getStoredResult()?.organizationId ?? null };
  rememberAnswers(form, orgId);
  const id = deps.newId();
  const values: Record<string, unknown> = { ...form };
  try {
    const delivery = await deps.deliver(
      result.testResultId,
      (_, writeKey, mark) => deps.send({ ...body, WriteKey: writeKey, DeviceId: mark.deviceId, Seq: mark.seq }),
      (mark) => deps.queue({ id, testResultId: result.testResultId, kind: 'medical', doc: medicalDoc(body), ...mark }),
    );
    setMedicalRecord(
      result.testResultId,
      delivery === 'sent' ? { state: 'sent', values } : { state: 'waiting', values, formId: id },
    );
    return delivery;
  } catch (err) {
    restore(result.testResultId, before);
    if (err instanceof ApiFailure && err.httpStatus === 400 && err.isWarning) {
      adoptStoredForm(result.testResultId, err.envelope.data);
      return 'alreadySent';
    }
    throw err;
  }
}

/** Puts the player data and the result's provider back as they were before a refused submit. */
function restore(
  testResultId: string,
  before: { player: ReturnType<typeof getPlayer>; organizationId: number | null },
) {
  if (before.player) writeJson(STORAGE_KEYS.playerData, before.player);
  else localStorage.removeItem(STORAGE_KEYS.playerData);
  const stored = getStoredResult();
  if (stored?.testResultId === testResultId) setStoredResult({ ...stored, organizationId: before.organizationId });
}
