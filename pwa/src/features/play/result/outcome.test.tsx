import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n';
import { setStoredResult } from '../../../lib/player';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));
vi.mock('../../../offline/sync-status', () => ({ SyncStatusPanel: () => null }));

vi.mock('./guards', async () => {
  const { getStoredResult } = await import('../../../lib/player');
  return { storedOutcome: getStoredResult };
});

const { Outcome, Summary } = await import('./outcome');
const SEE_RESULT = 'See my result';

const stored = (status: 'Pass' | 'Fail', right: number) =>
  setStoredResult({
    testResultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
    resultStatus: status,
    rightAnswerCount: right,
    averageIntensity: 3,
    kitName: 'DEMO1',
    playedAt: '2026-11-23T07:29:26.000Z',
  });

describe('/pass and /fail', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('/fail: the score, what a Fail means, "See my result" first and Play Again after it', () => {
    stored('Fail', 2);
    const { container } = render(<Outcome />);
    expect(screen.getByTestId('score').textContent).toBe('2 of 5 scents named correctly');
    const meaning = screen.getByTestId('meaning').textContent ?? '';
    expect(meaning).toMatch(/not a diagnosis/);
    expect(meaning).toMatch(/blocked nose/);
    expect(meaning).toMatch(/doctor|ear, nose and throat/);
    const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links[0]).toEqual([SEE_RESULT, '/result']);
    expect(links.map(([t]) => t)).toContain('Play Again');
    // The main action is the large one; Play Again is the second kind.
    expect(screen.getByText(SEE_RESULT).className).toContain('button-large');
    expect(screen.getByText('Play Again').className).toContain('button-ghost');
  });

  it("/pass keeps the spec's texts beside its meaning", () => {
    stored('Pass', 5);
    render(<Outcome />);
    expect(screen.getByText('Collect all cards for more chances to win!')).toBeTruthy();
    expect(screen.getByText('Play Again')).toBeTruthy();
    expect(screen.getByTestId('meaning').textContent).toMatch(/does not rule out/);
    expect(screen.getByText(SEE_RESULT).getAttribute('href')).toBe('/result');
  });
});

describe('/summary', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    cleanup();
    localStorage.clear();
    process.env.TZ = zone;
  });

  it("says when the kit was played on the player's own clock, with its zone (DESIGN.md §7)", () => {
    process.env.TZ = 'America/Los_Angeles';
    setStoredResult({
      testResultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
      resultStatus: 'Pass',
      rightAnswerCount: 4,
      averageIntensity: 3,
      kitName: 'DEMO1',
      // 07:29 UTC on the 23rd is still the 22nd, 11:29 PM, in Los Angeles (PST, UTC-8).
      playedAt: '2026-11-23T07:29:26.000Z',
    });
    render(<Summary />);
    expect(screen.getByTestId('played-at').textContent).toBe('11/22/2026, 11:29 PM PST');
  });

  it('says PDT in summer', () => {
    process.env.TZ = 'America/Los_Angeles';
    setStoredResult({
      testResultId: 'a',
      resultStatus: 'Fail',
      rightAnswerCount: 1,
      averageIntensity: 2,
      kitName: 'DEMO1',
      playedAt: '2026-07-04T02:05:00.000Z',
    });
    render(<Summary />);
    expect(screen.getByTestId('played-at').textContent).toBe('07/03/2026, 7:05 PM PDT');
  });

  it("elsewhere, the device's own zone: 07:29 UTC is 8:29 AM in Berlin (GMT+1), on the 23rd", () => {
    process.env.TZ = 'Europe/Berlin';
    stored('Pass', 4);
    render(<Summary />);
    expect(screen.getByTestId('played-at').textContent).toBe('11/23/2026, 8:29 AM GMT+1');
  });

  it('and in Tokyo (GMT+9)', () => {
    process.env.TZ = 'Asia/Tokyo';
    stored('Pass', 4);
    render(<Summary />);
    expect(screen.getByTestId('played-at').textContent).toBe('11/23/2026, 4:29 PM GMT+9');
  });
});

describe('in Spanish', () => {
  const zone = process.env.TZ;
  beforeEach(async () => {
    const es = await import('@scentry/shared-schema/i18n/es.json');
    loadMessages('es', es.default as unknown as Parameters<typeof loadMessages>[1]);
  });
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    process.env.TZ = zone;
    const en = await import('@scentry/shared-schema/i18n/en.json');
    loadMessages('en', en.default as unknown as Parameters<typeof loadMessages>[1]);
  });

  it('/fail speaks Spanish: the badge, the score, the meaning and the actions', () => {
    stored('Fail', 2);
    render(<Outcome />);
    expect(screen.getByText('No aprobado')).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('2 de 5 aromas acertados');
    expect(screen.getByTestId('meaning').textContent).toMatch(/no es un diagnóstico/);
    expect(screen.getByText('Ver mi resultado').getAttribute('href')).toBe('/result');
    expect(screen.getByText('Jugar otra vez')).toBeTruthy();
  });

  it('/summary gives the date, the time and the average in the Spanish (US) locale, on the device clock', () => {
    process.env.TZ = 'Europe/Berlin';
    stored('Pass', 4);
    render(<Summary />);
    expect(screen.getByTestId('played-at').textContent?.replace(/\s/g, ' ')).toBe('23/11/2026, 8:29 a.m. GMT+1');
    expect(screen.getByTestId('average-intensity').textContent?.replace(/\s/g, ' ')).toBe('3.0 (Moderado)');
    expect(screen.getByText('Aprobado')).toBeTruthy();
  });
});
