import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../lib/api';

const offline = vi.hoisted(() => ({
  syncState: 'uploaded' as string | null,
  writeKey: 'the-results-own-write-key' as string | null,
}));
const requestSync = vi.hoisted(() => vi.fn(async () => {}));

vi.mock('../../../offline/store', () => ({
  resultSyncState: vi.fn(async () => offline.syncState),
  resultWriteKey: vi.fn(async () => offline.writeKey),
}));
vi.mock('../../../offline/sync', () => ({ requestSync }));

const { fetchWalletPass } = await import('./wallet-pass');

const RESULT_ID = '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41';
const fetchMock = vi.fn<typeof fetch>();

const envelopeReply = (status: number, message: string) =>
  new Response(JSON.stringify({ status: 'Failure', message, error: null, data: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  offline.syncState = 'uploaded';
  offline.writeKey = 'the-results-own-write-key';
  requestSync.mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0][1]?.body));

describe('asking the server for the wallet pass', () => {
  it('sends the result id and its write key (nothing the server would ignore) and gives back the file', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: {
          'content-type': 'application/vnd.apple.pkpass',
          'content-disposition': 'attachment; filename="Scentry-result.pkpass"',
        },
      }),
    );
    const pass = await fetchWalletPass(RESULT_ID);
    expect(pass.fileName).toBe('Scentry-result.pkpass');
    expect(pass.blob.size).toBe(4);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/PkPassConfig/GeneratePKSafePass');
    expect(sentBody()).toEqual({ TestResultId: RESULT_ID, WriteKey: 'the-results-own-write-key' });
    expect(requestSync).not.toHaveBeenCalled();
  });

  it('sends no key for a result of an older build (the server takes it without one)', async () => {
    offline.writeKey = null;
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([1]), { headers: { 'content-type': 'application/vnd.apple.pkpass' } }),
    );
    await fetchWalletPass(RESULT_ID);
    expect(sentBody()).toEqual({ TestResultId: RESULT_ID, WriteKey: null });
  });

  it('uploads a result still waiting on the phone before asking', async () => {
    offline.syncState = 'pending';
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([1]), { headers: { 'content-type': 'application/vnd.apple.pkpass' } }),
    );
    await fetchWalletPass(RESULT_ID);
    expect(requestSync).toHaveBeenCalledTimes(1);
  });

  it.each([
    [404, 'Your result is still being uploaded. Please try again in a moment.'],
    [403, 'This result was not played on this phone, so it cannot be added to a wallet here.'],
  ])('turns a %i into a sentence for the player', async (status, message) => {
    fetchMock.mockResolvedValue(envelopeReply(status, 'server words'));
    const err = await fetchWalletPass(RESULT_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).httpStatus).toBe(status);
    expect((err as ApiFailure).message).toBe(message);
  });

  it("keeps the server's message for other refusals", async () => {
    fetchMock.mockResolvedValue(envelopeReply(429, 'Too many requests'));
    await expect(fetchWalletPass(RESULT_ID)).rejects.toThrow('Too many requests');
  });
});
