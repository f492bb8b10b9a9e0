import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cataloguePart } from '@scentry/shared-schema';
import en from '@scentry/shared-schema/i18n/en.json';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What /scent/<code> shows before the catalogue's second part arrives: card 1, its kit's loading
 * and errors, the player's frame, the "No connection" screen, the update banner, and the location
 * step the play screen shows after the last card (even if the rest never came, offline).
 */
const CARD_ONE_FILES = [
  'features/play/play-screen.tsx',
  'features/play/kit-loading.tsx',
  'features/play/use-kit.ts',
  'features/play/early-kit.ts',
  'features/location/location-step.tsx',
  'routes/_player/scent.$id.tsx',
  'routes/_player.tsx',
  'ui/player-page.tsx',
  'ui/language-control.tsx',
  'ui/text-size-control.tsx',
  'ui/route-error.tsx',
  'pwa/update-prompt.tsx',
  '../../shared-schema/src/kits/first-card.ts',
];

describe("the catalogue's first part", () => {
  it('holds every message card 1 and its frame say (so nothing shows a key while the rest loads)', () => {
    const keys = new Set(Object.keys(en));
    const said = CARD_ONE_FILES.flatMap((file) =>
      [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/'([a-zA-Z]+\.[\w.]+)'/g)]
        .map((m) => m[1])
        .filter((key) => keys.has(key)),
    );
    expect(said.length).toBeGreaterThan(20);
    expect(said.filter((key) => cataloguePart(key) !== 'first')).toEqual([]);
  });

  it('leaves out the e-mails, which only the server writes', () => {
    expect(cataloguePart('mail.subjectResult')).toBeNull();
    expect(cataloguePart('card.heading')).toBe('first');
    expect(cataloguePart('result.keepTitle')).toBe('rest');
  });
});
