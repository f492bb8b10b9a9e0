import { MEDICAL_FLAG_KEYS, MEDICAL_MSG, type MedicalForm } from '@scentry/shared-schema';
import { useEffect, useState } from 'react';
import { ApiFailure, callPlayer } from '../../../lib/api';
import {
  getStoredResult,
  type MedicalRecord,
  type StoredResult,
  setStoredResult,
  updatePlayer,
} from '../../../lib/player';
import { hasLocalDatabase, useSyncStatus } from '../../../offline/status';

/** What the form sends, as the form's values (PascalCase, with the provider chosen on it). */
export type SentForm = MedicalForm;

const camel = (key: string) => `${key[0].toLowerCase()}${key.slice(1)}`;

/**
 * The stored form a refused resend carries to the key's holder (API.md "Writing to a result":
 * camelCase, flags as booleans, with its organization), as the form's values; null when the reply
 * carries none or something else.
 */
export function storedFormOf(data: unknown): { form: Record<string, unknown>; organizationId: number | null } | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.firstName !== 'string' || typeof d.lastName !== 'string') return null;
  const form: Record<string, unknown> = {
    FirstName: d.firstName,
    LastName: d.lastName,
    Age: typeof d.age === 'number' ? d.age : null,
    Gender: typeof d.gender === 'string' ? d.gender : null,
    Race: typeof d.race === 'string' ? d.race : null,
  };
  for (const k of MEDICAL_FLAG_KEYS) form[k] = typeof d[camel(k)] === 'boolean' ? d[camel(k)] : null;
  return { form, organizationId: typeof d.organizationId === 'number' ? d.organizationId : null };
}

/** Keeps the medical record of the stored result (if it is still the stored result). */
export function setMedicalRecord(testResultId: string, medical: MedicalRecord, organizationId?: number | null): void {
  const stored = getStoredResult();
  if (stored?.testResultId !== testResultId) return;
  const withOrg = organizationId && !stored.organizationId ? { organizationId } : {};
  setStoredResult({ ...stored, ...withOrg, medical });
}

/**
 * The server already holds a medical form for this result and said which: the device takes it as
 * its own copy (player data, the result's record and provider), so the page, the PDF and the image
 * say what the clinic's record says. Without the stored form (a reply that carries none), the
 * refused values are dropped rather than shown as sent.
 */
export function adoptStoredForm(testResultId: string, data: unknown): MedicalRecord {
  const stored = storedFormOf(data);
  if (stored) {
    updatePlayer(stored.form);
  } else {
    updatePlayer(Object.fromEntries(['Age', 'Gender', 'Race', ...MEDICAL_FLAG_KEYS].map((k) => [k, null])));
  }
  const record: MedicalRecord = { state: 'sent', values: stored?.form ?? null, alreadySent: true };
  setMedicalRecord(testResultId, record, stored?.organizationId ?? null);
  return record;
}

/**
 * Asks the server what it holds for a result whose waiting form the push refused as a second
 * record: the same form sent directly comes back as a 400 Warning carrying the stored one.
 */
async function learnStoredForm(result: StoredResult, values: Record<string, unknown>): Promise<MedicalRecord | null> {
  const store = await import('../../../offline/store');
  const writeKey = await store.resultWriteKey(result.testResultId);
  try {
    await callPlayer('saveUserMedicalInformation', {
      body: { ...(values as MedicalForm), TestResultId: result.testResultId, OrganizationId: null, WriteKey: writeKey },
    });
    // Taken after all (the same record): what the device holds is what was sent.
    const record: MedicalRecord = { state: 'sent', values };
    setMedicalRecord(result.testResultId, record);
    return record;
  } catch (err) {
    if (err instanceof ApiFailure && err.httpStatus === 400 && err.isWarning) {
      return adoptStoredForm(result.testResultId, err.envelope.data);
    }
    return null;
  }
}

/**
 * The result's medical record as the /result page shows it, kept current: a waiting form becomes
 * 'sent' once the sync loop uploaded it; one the push refused as a second record is replaced by the
 * stored one (asked of the server); one refused for another reason is shown with it (nothing stored).
 */
export function useMedicalRecord(result: StoredResult): MedicalRecord | null {
  const [record, setRecord] = useState<MedicalRecord | null>(result.medical ?? null);
  const { formsWaiting, lastSync, online } = useSyncStatus();
  const formId = record?.state === 'waiting' ? record.formId : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: formsWaiting, lastSync and online say when to look again.
  useEffect(() => {
    if (!formId || !hasLocalDatabase()) return;
    let live = true;
    void (async () => {
      const store = await import('../../../offline/store');
      const kept = await store.formState(formId);
      if (!live || !kept || kept.state === 'pending') return;
      const values = record?.values ?? null;
      let next: MedicalRecord | null;
      if (kept.state === 'uploaded') {
        next = { state: 'sent', values };
        setMedicalRecord(result.testResultId, next);
      } else if (kept.reason === MEDICAL_MSG.conflict && values) {
        next = online ? await learnStoredForm(result, values) : null;
      } else {
        next = { state: 'refused', values, reason: kept.reason ?? undefined };
        setMedicalRecord(result.testResultId, next);
      }
      if (live && next) setRecord(next);
    })();
    return () => {
      live = false;
    };
  }, [formId, formsWaiting, lastSync, online, result.testResultId]);
  return record;
}
