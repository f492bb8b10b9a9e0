import { MEDICAL_MSG } from '@scentry/shared-schema';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../lib/api';
import { getPlayer, getStoredResult, type StoredResult, setStoredResult, startNewPlayer } from '../../../lib/player';

const kept = vi.hoisted(() => ({ state: { state: 'pending', reason: null as string | null } }));
const callPlayer = vi.hoisted(() => vi.fn());

vi.mock('../../../offline/store', () => ({
  formState: vi.fn(async () => kept.state),
  resultWriteKey: vi.fn(async () => 'the-results-own-write-key'),
}));
vi.mock('../../../offline/status', () => ({
  hasLocalDatabase: () => true,
  useSyncStatus: () => ({ formsWaiting: 0, lastSync: null, online: true }),
}));
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  callPlayer,
}));

const { useMedicalRecord, storedFormOf } = await import('./record');

const VALUES = { FirstName: 'Ann', LastName: 'Lee', Age: 42, Gender: 'Female', Race: 'Asian' };
const waiting = (): StoredResult => ({
  testResultId: '3f2b8c1e-9a4d-4c1b-8e2f-5d6a7b8c9d0e',
  resultStatus: 'Pass',
  rightAnswerCount: 4,
  averageIntensity: 3,
  kitName: 'DEMO1',
  playedAt: '2026-11-23T10:00:00.000Z',
  medical: { state: 'waiting', values: VALUES, formId: 'f1' },
});

describe("the result's medical record", () => {
  beforeEach(() => {
    localStorage.clear();
    startNewPlayer();
    callPlayer.mockReset();
  });

  it('a waiting form the sync loop uploaded becomes "sent"', async () => {
    kept.state = { state: 'uploaded', reason: null };
    setStoredResult(waiting());
    const { result } = renderHook(() => useMedicalRecord(waiting()));
    await waitFor(() => expect(result.current?.state).toBe('sent'));
    expect(getStoredResult()?.medical).toEqual({ state: 'sent', values: VALUES });
  });

  it('one the push refused as a second record: the stored form is asked of the server and replaces the copy', async () => {
    kept.state = { state: 'rejected', reason: MEDICAL_MSG.conflict };
    setStoredResult(waiting());
    callPlayer.mockRejectedValue(
      new ApiFailure(400, {
        status: 'Warning',
        message: MEDICAL_MSG.conflict,
        error: null,
        data: { firstName: 'Mei', lastName: 'Chen', age: 55, gender: 'Female', race: 'Asian', organizationId: null },
      }),
    );
    const { result } = renderHook(() => useMedicalRecord(waiting()));
    await waitFor(() => expect(result.current?.alreadySent).toBe(true));
    expect(callPlayer).toHaveBeenCalledWith('saveUserMedicalInformation', {
      body: expect.objectContaining({ FirstName: 'Ann', WriteKey: 'the-results-own-write-key' }),
    });
    expect(getPlayer()).toMatchObject({ FirstName: 'Mei', LastName: 'Chen', Age: 55 });
    expect(getStoredResult()?.medical).toMatchObject({ state: 'sent', alreadySent: true });
  });

  it('one refused for another reason: shown with it, and the form is offered again', async () => {
    kept.state = { state: 'rejected', reason: 'Not allowed for this result' };
    setStoredResult(waiting());
    const { result } = renderHook(() => useMedicalRecord(waiting()));
    await waitFor(() => expect(result.current?.state).toBe('refused'));
    expect(result.current?.reason).toBe('Not allowed for this result');
  });

  it('reads only a stored form it understands', () => {
    expect(storedFormOf(null)).toBeNull();
    expect(storedFormOf({ answers: [] })).toBeNull();
    expect(storedFormOf({ firstName: 'A', lastName: 'B', isParkinsonDisease: true, organizationId: 3 })).toMatchObject({
      form: { FirstName: 'A', LastName: 'B', IsParkinsonDisease: true, Age: null },
      organizationId: 3,
    });
  });
});
