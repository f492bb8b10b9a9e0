// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportModel } from '@scentry/shared-schema/result-document';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReportPictures } from './pictures';

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = (name: string) => new Uint8Array(readFileSync(path.resolve(here, '../../../sync-server/demo', name)));

const ROSE = '/uploads/rose.png';
const COFFEE = '/uploads/coffee.png';
const LEMON = '/uploads/lemon.png';
const MISSING = '/uploads/missing.png';

const card = (position: number, picture: string) => ({
  position,
  cardName: `Card ${position}`,
  choiceName: 'Choice',
  picture,
  right: true,
  intensity: 3,
});

const sampleModel = (): ReportModel => ({
  resultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
  status: 'Pass',
  rightAnswerCount: 4,
  cardCount: 5,
  playerName: 'Maria Gonzalez',
  playedAt: '2026-11-23T23:30:00Z',
  kitName: 'Event2026',
  provider: null,
  age: null,
  gender: null,
  race: null,
  disorders: null,
  familyHistory: null,
  cards: [card(1, ROSE), card(2, COFFEE), card(3, LEMON), card(4, MISSING), card(5, ROSE)],
  verifyUrl: 'https://scentry.example.org/verify/6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
});

describe('loadReportPictures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes pictures from the image cache first, then the network, and leaves out what fails', async () => {
    const rose = demo('rose.png');
    const coffee = demo('coffee.png');
    const fetched: string[] = [];
    vi.stubGlobal('caches', {
      match: async (url: string) => (url === ROSE ? new Response(rose as BlobPart) : undefined),
    });
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      if (url === COFFEE) return new Response(coffee as BlobPart);
      if (url === LEMON) return new Response('not a png');
      if (url === MISSING) return new Response('gone', { status: 404 });
      throw new TypeError('offline');
    });
    const model = sampleModel();
    model.cards.push({ ...model.cards[0], position: 6, picture: '/uploads/offline.png' });
    const got = await loadReportPictures(model);
    expect([...got.keys()].sort()).toEqual([COFFEE, ROSE]);
    expect(got.get(ROSE)).toEqual(rose);
    expect(fetched.sort()).toEqual([COFFEE, LEMON, MISSING, '/uploads/offline.png'].sort());
  });
});
