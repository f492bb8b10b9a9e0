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

/** A fake delivery: `online` picks which of send and queue runs, as sendOrQueue would. */
function fakeDeps(online: boolean | 'refused') {
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
      if (online) {
        await send('uploaded' as SyncState, WRITE_KEY);
        return 'sent';
      }
      await queue();
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
    expect(sent).toEqual([{ ...FORM, TestResultId: RESULT_ID, OrganizationId: 7, WriteKey: WRITE_KEY }]);
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

  it("a refusal by the server reaches the screen (it shows spec §8's error)", async () => {
    setStoredResult(stored());
    const { deps } = fakeDeps('refused');
    await expect(submitMedical(FORM, stored(), null, deps)).rejects.toBeInstanceOf(ApiFailure);
  });
});
