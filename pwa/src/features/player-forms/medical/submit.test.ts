import { type MedicalForm, medicalDocSchema, medicalRequest, parseRequest } from '@scentry/shared-schema';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../lib/api';
import { getPlayer, getStoredResult, type StoredResult, setStoredResult, startNewPlayer } from '../../../lib/player';
import type { SyncState } from '../../../offline/types';
import { medicalBody, medicalDoc, type SubmitDeps, submitMedical } from './submit';

const RESULT_ID = '3f2b8c1e-9a4d-4c1b-8e2f-5d6a7b8c9d0e';
const DOC_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const FORM: MedicalForm = {
  FirstName: 'Ann',
  LastName: 'Lee',
  Age: 42,
  Gender: 'Female',
  Race: 'Asian',
  IsAlzheimerDisease: false,
  IsParkinsonDisease: true,
  IsHeadInjuriesConcussion: false,
  IsSinoNasalDisease: true,
  IsOtherNeurologicalDisorder: false,
  IsAlzheimerDiseaseInFamily: true,
  IsParkinsonDiseaseInFamily: false,
  IsOtherNeurologicalDisorderInFamily: false,
};

const stored = (organizationId: number | null = null): StoredResult => ({
  testResultId: RESULT_ID,
  resultStatus: 'Pass',
  rightAnswerCount: 4,
  averageIntensity: 3,
  kitName: 'DEMO1',
  playedAt: '2026-11-23T10:00:00.000Z',
  organizationId,
});

const WRITE_KEY = 'this-results-own-key-0001';
const MARK = { deviceId: '6f1d2c3b-0000-4000-8000-000000000001', seq: 7 };

/** A fake delivery: `online` picks which of send and queue runs, as sendOrQueue would. */
function fakeDeps(online: boolean | 'refused' | 'alreadySent' | 'forbidden', storedData: unknown = null) {
  const sent: unknown[] = [];
  const queued: unknown[] = [];
  const deps: SubmitDeps = {
    send: vi.fn(async (body) => {
      sent.push(body);
    }),
    queue: vi.fn(async (form) => {
      queued.push(form);
    }),
    newId: () => DOC_ID,
    deliver: async (_resultId, send, queue) => {
      if (online === 'refused')
        throw new ApiFailure(400, { status: 'Warning', message: 'no', error: null, data: null });
      if (online === 'alreadySent')
        throw new ApiFailure(400, { status: 'Warning', message: 'no', error: null, data: storedData });
      if (online === 'forbidden')
        throw new ApiFailure(403, {
          status: 'Failure',
          message: 'Not allowed for this result',
          error: null,
          data: null,
        });
      if (online) {
        await send('uploaded' as SyncState, WRITE_KEY, MARK);
        return 'sent';
      }
      await queue(MARK);
      return 'queued';
    },
  };
  return { deps, sent, queued };
}

describe('the medical form submit', () => {
  beforeEach(() => {
    localStorage.clear();
    startNewPlayer();
  });

  it('the direct call carries the form, the result and the provider chosen (SaveUserMedicalInformation)', () => {
    const body = medicalBody(FORM, RESULT_ID, 7);
    expect(body).toEqual({ ...FORM, TestResultId: RESULT_ID, OrganizationId: 7 });
    expect(parseRequest(medicalRequest, body)).toEqual({ ok: true, data: body });
  });

  it('the kept document is camelCase (API.md MedicalDoc), and with its id it is what the push accepts', () => {
    const doc = medicalDoc(medicalBody(FORM, RESULT_ID, null));
    expect(doc).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      age: 42,
      gender: 'Female',
      race: 'Asian',
      organizationId: null,
      isAlzheimerDisease: false,
      isParkinsonDisease: true,
      isHeadInjuriesConcussion: false,
      isSinoNasalDisease: true,
      isOtherNeurologicalDisorder: false,
      isAlzheimerDiseaseInFamily: true,
      isParkinsonDiseaseInFamily: false,
      isOtherNeurologicalDisorderInFamily: false,
    });
    const pushed = parseRequest(medicalDocSchema, { id: DOC_ID, testResultId: RESULT_ID, ...doc });
    expect(pushed.ok).toBe(true);
  });

  it('online: sends the body once, and keeps the answers in player data for the result page', async () => {
    setStoredResult(stored());
    const { deps, sent, queued } = fakeDeps(true);
    expect(await submitMedical(FORM, stored(), 7, deps)).toBe('sent');
    // The result's write key goes with it (API.md "Writing to a result").
    // So do the device's number (API.md "Devices").
    expect(sent).toEqual([
      {
        ...FORM,
        TestResultId: RESULT_ID,
        OrganizationId: 7,
        WriteKey: WRITE_KEY,
        DeviceId: MARK.deviceId,
        Seq: MARK.seq,
      },
    ]);
    expect(queued).toEqual([]);
    expect(getPlayer()).toMatchObject({ ...FORM, FirstName: 'Ann', Age: 42 });
    expect(getStoredResult()?.organizationId).toBe(7);
  });

  it('offline: queues the camelCase document under a new id for the medical push', async () => {
    setStoredResult(stored());
    const { deps, sent, queued } = fakeDeps(false);
    expect(await submitMedical(FORM, stored(), 9, deps)).toBe('queued');
    expect(sent).toEqual([]);
    expect(queued).toEqual([
      {
        id: DOC_ID,
        testResultId: RESULT_ID,
        kind: 'medical',
        doc: medicalDoc(medicalBody(FORM, RESULT_ID, 9)),
        ...MARK,
      },
    ]);
    expect((queued[0] as { doc: Record<string, unknown> }).doc.organizationId).toBe(9);
    expect(getPlayer()?.IsParkinsonDisease).toBe(true);
    expect(getStoredResult()?.organizationId).toBe(9);
  });

  it('a result that has a provider keeps it: none is sent with the form', async () => {
    setStoredResult(stored(3));
    const { deps, sent } = fakeDeps(true);
    await submitMedical(FORM, stored(3), 9, deps);
    expect((sent[0] as { OrganizationId: unknown }).OrganizationId).toBeNull();
    expect(getStoredResult()?.organizationId).toBe(3);
  });

  it('sent: the result keeps a read-only record of what was sent', async () => {
    setStoredResult(stored());
    await submitMedical(FORM, stored(), null, fakeDeps(true).deps);
    expect(getStoredResult()?.medical).toEqual({ state: 'sent', values: FORM });
  });

  it('queued: the record is waiting to upload, under the id the form is kept by', async () => {
    setStoredResult(stored());
    await submitMedical(FORM, stored(), null, fakeDeps(false).deps);
    expect(getStoredResult()?.medical).toEqual({ state: 'waiting', values: FORM, formId: DOC_ID });
  });

  it('a form already stored (400 Warning with it): the device takes the stored form as its copy', async () => {
    setStoredResult(stored());
    const storedForm = {
      firstName: '李雷',
      lastName: 'Ольга-Łucja',
      age: 30,
      gender: 'Male',
      race: 'White',
      isAlzheimerDisease: false,
      isParkinsonDisease: false,
      isHeadInjuriesConcussion: true,
      isSinoNasalDisease: false,
      isOtherNeurologicalDisorder: false,
      isAlzheimerDiseaseInFamily: false,
      isParkinsonDiseaseInFamily: false,
      isOtherNeurologicalDisorderInFamily: true,
      organizationId: 4,
    };
    const { deps } = fakeDeps('alreadySent', storedForm);
    expect(await submitMedical(FORM, stored(), 9, deps)).toBe('alreadySent');
    const player = getPlayer();
    expect(player).toMatchObject({
      FirstName: '李雷',
      LastName: 'Ольга-Łucja',
      Age: 30,
      Gender: 'Male',
      Race: 'White',
      IsParkinsonDisease: false,
      IsHeadInjuriesConcussion: true,
      IsOtherNeurologicalDisorderInFamily: true,
    });
    // The provider is the record's, not the one chosen on the refused form.
    expect(getStoredResult()?.organizationId).toBe(4);
    expect(getStoredResult()?.medical).toMatchObject({ state: 'sent', alreadySent: true });
    expect(getStoredResult()?.medical?.values).toMatchObject({ FirstName: '李雷', Age: 30 });
  });

  it('a form already stored, but no stored form in the reply: the refused values are not kept', async () => {
    setStoredResult(stored());
    const { deps } = fakeDeps('refused');
    expect(await submitMedical(FORM, stored(), null, deps)).toBe('alreadySent');
    expect(getPlayer()?.Age).toBeNull();
    expect(getPlayer()?.IsParkinsonDisease).toBeNull();
    expect(getStoredResult()?.medical).toMatchObject({ state: 'sent', alreadySent: true, values: null });
  });

  it("another refusal reaches the screen (it shows spec §8's error), and the device's copy is put back", async () => {
    setStoredResult(stored());
    const before = getPlayer();
    const { deps } = fakeDeps('forbidden');
    await expect(submitMedical(FORM, stored(), 9, deps)).rejects.toBeInstanceOf(ApiFailure);
    expect(getPlayer()).toEqual(before);
    expect(getStoredResult()?.organizationId).toBeNull();
    expect(getStoredResult()?.medical).toBeUndefined();
  });
});
