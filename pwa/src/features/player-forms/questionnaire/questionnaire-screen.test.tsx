import { QUESTIONNAIRE_MSG, QUESTIONNAIRE_QUESTIONS, REPORT_MSG } from '@scentry/shared-schema';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredResult } from '../../../lib/player';

const navigate = vi.hoisted(() => vi.fn());
const submit = vi.hoisted(() => vi.fn());
const notify = vi.hoisted(() => vi.fn());

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));
vi.mock('./submit', () => ({ submitQuestionnaire: submit, markCompleted: vi.fn() }));
vi.mock('../../../ui/toast', () => ({ useToast: () => notify }));

const { QuestionnaireScreen } = await import('./questionnaire-screen');

const RESULT: StoredResult = {
  testResultId: '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
  resultStatus: 'Pass',
  rightAnswerCount: 4,
  averageIntensity: 3,
  kitName: 'DEMO1',
  playedAt: '2026-11-23T23:30:00Z',
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status: 'Success', message: '', error: null, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  localStorage.clear();
  navigate.mockReset();
  submit.mockReset();
  notify.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelope({ isCompleted: false })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const progress = () => screen.getByRole('progressbar', { name: 'Question progress' });
const question = () => screen.getByTestId('question').textContent ?? '';
const press = (name: 'Yes' | 'No') => fireEvent.click(screen.getByRole('button', { name }));

describe('the questionnaire screen', () => {
  it('asks one question at a time with an accessible ring, goes back, and submits the five answers', async () => {
    submit.mockResolvedValue('sent');
    render(<QuestionnaireScreen result={RESULT} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Additional Questions' })).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('1');
    expect(progress().getAttribute('aria-valuemin')).toBe('0');
    expect(progress().getAttribute('aria-valuemax')).toBe('5');
    expect(progress().getAttribute('aria-valuetext')).toBe('Question 1 of 5');
    expect(progress().textContent).toBe('1 of 5');
    expect(question()).toContain(QUESTIONNAIRE_QUESTIONS[0]);
    expect(screen.queryByRole('button', { name: /Previous question/ })).toBeNull();

    press('Yes');
    expect(progress().getAttribute('aria-valuenow')).toBe('2');
    expect(question()).toContain(QUESTIONNAIRE_QUESTIONS[1]);
    // The new question takes the focus.
    expect(document.activeElement).toBe(screen.getByTestId('question'));
    press('No');
    fireEvent.click(screen.getByRole('button', { name: /Previous question/ }));
    expect(question()).toContain(QUESTIONNAIRE_QUESTIONS[1]);
    expect(screen.getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false');
    press('Yes');
    press('No');
    press('No');
    expect(submit).not.toHaveBeenCalled();
    press('Yes');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/additionalQuestionDetails' }));
    expect(submit).toHaveBeenCalledWith(
      RESULT.testResultId,
      QUESTIONNAIRE_QUESTIONS.map((q, i) => ({ question: q, answer: ['Yes', 'Yes', 'No', 'No', 'Yes'][i] })),
    );
    expect(notify).toHaveBeenCalledWith('success', QUESTIONNAIRE_MSG.saved);
  });

  it("after the server says the test is completed: the spec's warning and back to /result", async () => {
    submit.mockResolvedValue('completed');
    render(<QuestionnaireScreen result={RESULT} />);
    for (let i = 0; i < 5; i++) press('No');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/result' }));
    expect(notify).toHaveBeenCalledWith('warning', REPORT_MSG.testCompleted);
  });

  it('after any other refusal: something went wrong, and the start', async () => {
    submit.mockRejectedValue(new Error('refused'));
    render(<QuestionnaireScreen result={RESULT} />);
    for (let i = 0; i < 5; i++) press('Yes');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/home' }));
    expect(notify).toHaveBeenCalledWith('error', 'Something went wrong. Please try again!');
  });

  it('shows "already completed" and Continue when the device knows it is done', () => {
    render(<QuestionnaireScreen result={{ ...RESULT, questionnaireCompleted: true }} />);
    expect(screen.getByText(QUESTIONNAIRE_MSG.completed)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(navigate).toHaveBeenCalledWith({ to: '/result' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows "already completed" when FindTestResultId says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ isCompleted: true })),
    );
    render(<QuestionnaireScreen result={RESULT} />);
    await screen.findByText(QUESTIONNAIRE_MSG.completed);
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toBe(
      `/api/TestResult/FindTestResultId?id=${RESULT.testResultId}`,
    );
  });
});
