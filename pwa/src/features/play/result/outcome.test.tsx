import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredResult } from '../../../lib/player';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));
vi.mock('../../../offline/sync-status', () => ({ SyncStatusPanel: () => null }));

const { Summary } = await import('./outcome');

describe('/summary', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('says when the kit was played as /result does: MM/DD/YYYY and the time in America/Los_Angeles', () => {
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
});
