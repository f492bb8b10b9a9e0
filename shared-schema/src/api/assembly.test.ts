import { describe, expect, it } from 'vitest';
import type { RouteInfo } from '../common/route';
import { CONTRACT } from './contract';
import { PLAYER_ROUTES } from './player-routes';
import { ROUTES, STAFF_ROUTES } from './routes';

// Vite's glob import (vitest runs on Vite); declared here as the package has no Vite types.
declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

/** Public endpoints no player screen calls: monitoring, staff sign-in, and the roles staff choose from. */
// Sorted; #25 adds verifyTotp (the second step of a staff sign-in).
const PUBLIC_BUT_NOT_PLAYER = [
  'authenticate',
  'forgotPassword',
  'getCovidQuestionnaire',
  'getMedicalHistoryQuestionnaire',
  'getRoles',
  'health',
  'resetPasswordWithToken',
  'verifyTotp',
];

type Tables = Record<string, Record<string, RouteInfo>>;
/** Every table of every domain's `routes.ts` and `player-routes.ts`, found by file name (api/, this folder, is the assembly). */
const tablesOf = (modules: Record<string, Tables>) =>
  Object.entries(modules)
    .filter(([file]) => file.startsWith('../') && !file.startsWith('../api/'))
    .flatMap(([, m]) => Object.values(m));
const staffTables = tablesOf(import.meta.glob<Tables>('../*/routes.ts', { eager: true }));
const playerTables = tablesOf(import.meta.glob<Tables>('../*/player-routes.ts', { eager: true }));

describe('the contract assembled from the domains', () => {
  it('gives every route a contract entry, and every contract entry a route', () => {
    expect(Object.keys(CONTRACT).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, route] of Object.entries(ROUTES)) {
      expect(CONTRACT[name as keyof typeof CONTRACT].route, name).toBe(route);
    }
  });

  it('takes every table of every domain, and no name twice (a spread would drop one silently)', () => {
    const staff = staffTables;
    const player = playerTables;
    const names = (tables: Record<string, RouteInfo>[]) => tables.flatMap((t) => Object.keys(t));
    expect(names(player).sort()).toEqual(Object.keys(PLAYER_ROUTES).sort());
    expect(names(staff).sort()).toEqual(Object.keys(STAFF_ROUTES).sort());
    const all = [...names(staff), ...names(player)];
    expect(new Set(all).size).toBe(all.length);
    const paths = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(paths).size, 'one method and path, one endpoint').toBe(paths.length);
  });

  it("keeps the player's table to the public endpoints the player's screens call", () => {
    for (const [name, route] of Object.entries(PLAYER_ROUTES)) expect(route.access, name).toBe('public');
    const publicNames = Object.entries(ROUTES)
      .filter(([, r]) => r.access === 'public')
      .map(([name]) => name);
    expect(publicNames.filter((n) => !(n in PLAYER_ROUTES)).sort()).toEqual(PUBLIC_BUT_NOT_PLAYER);
    expect(Object.keys(PLAYER_ROUTES).sort()).toEqual(
      publicNames.filter((n) => !PUBLIC_BUT_NOT_PLAYER.includes(n)).sort(),
    );
  });
});
