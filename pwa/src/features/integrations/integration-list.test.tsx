import type { DeliveryRow, WebhookRow } from '@scentry/shared-schema';
import { WEBHOOK_MSG } from '@scentry/shared-schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { STORAGE_KEYS } from '../../lib/storage';
import { durationText, failureText } from './format';
import { type IntegrationSearch, validateIntegrationSearch } from './search';
import { refusalOf } from './webhook-form';

const call = vi.fn();
const notify = vi.fn();
vi.mock('../../lib/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('../../ui/toast', () => ({ useToast: () => notify }));
// The table asks the router whether it is idle (to scroll a saved row into view): no router here.
vi.mock('@tanstack/react-router', () => ({ useRouterState: () => true }));

const { IntegrationList } = await import('./integration-list');

const hook = (over: Partial<WebhookRow>): WebhookRow => ({
  id: 1,
  organizationId: 7,
  organizationName: 'Clinic North',
  url: 'https://ehr.example.org/hooks/scentry',
  events: ['result.stored', 'questionnaire.stored', 'medical.stored'],
  isActive: true,
  status: 'ok',
  lastDeliveryAt: '2026-11-28T20:00:00.000Z',
  lastError: null,
  ...over,
});
const OK = hook({});
const FAILING = hook({
  id: 2,
  url: 'https://broken.example.org/in',
  events: ['result.stored'],
  isActive: false,
  status: 'failing',
  lastError: 'HTTP 500',
});

const delivery = (over: Partial<DeliveryRow>): DeliveryRow => ({
  id: 'msg_2J9wVh0000000000000000001',
  event: 'result.stored',
  resultId: '0f6c2b1e-1111-4222-8333-444455556666',
  attempts: 1,
  status: 'delivered',
  httpStatus: 200,
  durationMs: 120,
  lastAttemptAt: '2026-11-28T20:00:00.000Z',
  nextAttemptAt: null,
  responseSnippet: 'ok',
  ...over,
});
const FAILED = delivery({
  id: 'msg_2J9wVh0000000000000000002',
  status: 'failed',
  attempts: 9,
  httpStatus: 503,
  responseSnippet: 'Service Unavailable',
});

const SECRET = `whsec_${'A'.repeat(43)}=`;

type Handler = (body: unknown) => unknown;
/** The server: GetWebhookList answers `list`; the other calls as given, else a plain success. */
function server(list: WebhookRow[] | Error, more: Record<string, Handler> = {}) {
  call.mockImplementation(async (name: string, o: { body?: unknown; query?: unknown } = {}) => {
    if (more[name]) return more[name](o.body ?? o.query);
    switch (name) {
      case 'getWebhookList':
        if (list instanceof Error) throw list;
        return { list, totalCount: list.length };
      case 'getDeliveryList':
        return { list: [], totalCount: 0 };
      case 'saveWebhook':
        return { id: 9, secret: SECRET };
      case 'rotateSecret':
        return { id: 1, secret: SECRET };
      case 'sendTestEvent':
        return { deliveryId: 'msg_test' };
      case 'redeliver':
        return { queued: 1 };
      default:
        return null;
    }
  });
}

const bodies = (endpoint: string) =>
  call.mock.calls
    .filter(([name]) => name === endpoint)
    .map(([, o]) => (o as { body?: unknown; query?: unknown }).body ?? (o as { query?: unknown }).query);

function signIn(roleName: 'Admin' | 'Client Admin') {
  localStorage.setItem(
    STORAGE_KEYS.sessionUser,
    JSON.stringify({
      token: 't',
      id: 1,
      roleName,
      firstName: 'A',
      lastName: 'B',
      organizationId: roleName === 'Admin' ? null : 7,
      organizationName: roleName === 'Admin' ? null : 'Clinic North',
      discloseUserDetails: true,
    }),
  );
}

function show(search: IntegrationSearch = {}) {
  const onSearchChange = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <IntegrationList search={search} onSearchChange={onSearchChange} />
    </QueryClientProvider>,
  );
  return { onSearchChange, view };
}

/** Applies the screen's last URL change to `prev`. */
function lastUpdate(onSearchChange: ReturnType<typeof vi.fn>, prev: IntegrationSearch) {
  const update = onSearchChange.mock.calls.at(-1)?.[0] as ((p: IntegrationSearch) => IntegrationSearch) | undefined;
  if (!update) throw new Error('The URL did not change');
  return update(prev);
}

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false } });
  signIn('Client Admin');
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  call.mockReset();
  notify.mockReset();
  localStorage.clear();
});

describe('the integrations URL and words', () => {
  it('keeps the organization, the open log and its page; drops the rest', () => {
    expect(validateIntegrationSearch({ org: '7', hook: '2', page: '3', q: 'x', other: 'y' })).toEqual({
      org: 7,
      hook: 2,
      page: 3,
    });
    expect(validateIntegrationSearch({ org: '-1', hook: 'abc' })).toEqual({});
  });

  it('says why an endpoint fails and how long a reply took in plain words', () => {
    expect(failureText('HTTP 500')).toBe('The receiver answered with HTTP status 500.');
    expect(failureText('connect ECONNREFUSED 127.0.0.1:9')).toBe('The receiver refused the connection.');
    expect(failureText('Timed out after 10000 ms')).toBe('The receiver did not answer in time.');
    expect(failureText('getaddrinfo ENOTFOUND ehr.example.org')).toBe('The receiver’s host name was not found.');
    expect(failureText('The body is larger than 1 MB')).toBe('The last delivery failed: The body is larger than 1 MB.');
    expect(failureText(null)).toBe('The last delivery failed.');
    expect(durationText(850)).toBe('850 ms');
    expect(durationText(2400)).toBe('2.4 s');
    expect(durationText(null)).toBe('—');
  });
});

describe("a refused save's message", () => {
  const refused = (message: string, error: string | null) =>
    refusalOf(new ApiFailure(400, { status: 'Failure', message, error, data: null }));

  it('goes to its field, with the address check’s reason; a schema detail is not repeated', () => {
    expect(refused(WEBHOOK_MSG.addressRefused, 'Address refused: 10.0.0.1')).toEqual({
      field: 'url',
      message: 'This address cannot receive webhooks (Address refused: 10.0.0.1)',
    });
    expect(refused(WEBHOOK_MSG.httpsOnly, `url: ${WEBHOOK_MSG.httpsOnly}`)).toEqual({
      field: 'url',
      message: WEBHOOK_MSG.httpsOnly,
    });
    expect(refused(WEBHOOK_MSG.eventsRequired, null)).toEqual({ field: 'events', message: WEBHOOK_MSG.eventsRequired });
    expect(refused(WEBHOOK_MSG.tooMany, null)).toEqual({ field: 'form', message: WEBHOOK_MSG.tooMany });
    // No answer, or the server's own failure: the toast says it.
    expect(refusalOf(new Error('Failed to fetch'))).toBeNull();
  });
});

describe('the endpoints list', () => {
  it("lists a Client Admin's endpoints with events, On/Off, status in plain words and the last delivery; no organization picker", async () => {
    server([OK, FAILING]);
    show();
    const ok = (await screen.findByText(OK.url)).closest('tr') as HTMLElement;
    expect(within(ok).getByText('Result stored')).toBeTruthy();
    expect(within(ok).getByText('COVID-19 questionnaire stored')).toBeTruthy();
    expect(within(ok).getByText('Medical form stored')).toBeTruthy();
    expect(within(ok).getByText('On')).toBeTruthy();
    expect(within(ok).getByText('OK')).toBeTruthy();
    expect(within(ok).getByText('11/28/2026')).toBeTruthy();
    const failing = screen.getByText(FAILING.url).closest('tr') as HTMLElement;
    expect(within(failing).getByText('Off')).toBeTruthy();
    expect(within(failing).getByText('Failing')).toBeTruthy();
    expect(within(failing).getByText('The receiver answered with HTTP status 500.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Organization' })).toBeNull();
    // A Client Admin's request names no organization: the server answers with theirs.
    expect(bodies('getWebhookList')).toEqual([{}]);
    // The secret is never asked for.
    expect(call.mock.calls.map(([n]) => n)).not.toContain('rotateSecret');
  });

  it('lets an Admin pick the organization; the list asks for it and the URL keeps it', async () => {
    signIn('Admin');
    server([OK], {
      getOrganizationList: () => ({
        list: [
          { organizationId: 7, organizationName: 'Clinic North', organizationIsActive: true },
          { organizationId: 8, organizationName: 'Clinic South', organizationIsActive: true },
        ],
        totalCount: 2,
      }),
    });
    const { onSearchChange } = show({ org: 7 });
    await screen.findByText(OK.url);
    expect(bodies('getWebhookList')).toEqual([{ organizationId: 7 }]);
    const select = screen.getByRole('combobox', { name: 'Organization' }) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Clinic South' });
    fireEvent.change(select, { target: { value: '8' } });
    expect(lastUpdate(onSearchChange, { org: 7, hook: 1, page: 2 })).toEqual({
      org: 8,
      hook: undefined,
      page: undefined,
    });
  });

  it('says when there are no webhooks yet and offers Add', async () => {
    server([]);
    show();
    const empty = await screen.findByText(/No webhooks yet/);
    fireEvent.click(within(empty.closest('td') as HTMLElement).getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByRole('dialog', { name: 'Add webhook' })).toBeTruthy();
  });

  it('shows a failed load with Try again', async () => {
    server(new Error('Something went wrong'));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    server([OK]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText(OK.url);
  });
});

describe('Add and Edit', () => {
  it('checks the form with the shared rules before sending: a URL and at least one event', async () => {
    server([OK]);
    show();
    await screen.findByText(OK.url);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add webhook' })[0]);
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    const events = within(dialog).getByRole('group', { name: 'Send when' });
    // Every event is ticked at first; untick them all.
    for (const label of ['A result is stored', 'A COVID-19 questionnaire is stored', 'A medical form is stored']) {
      const box = within(events).getByRole('checkbox', { name: new RegExp(label) }) as HTMLInputElement;
      expect(box.checked).toBe(true);
      fireEvent.click(box);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText(WEBHOOK_MSG.invalidUrl);
    expect(within(dialog).getByText(WEBHOOK_MSG.eventsRequired)).toBeTruthy();
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(bodies('saveWebhook')).toEqual([]);
    // Ticking one event clears its message.
    fireEvent.click(within(events).getByRole('checkbox', { name: /A result is stored/ }));
    await waitFor(() => expect(within(dialog).queryByText(WEBHOOK_MSG.eventsRequired)).toBeNull());
  });

  it("shows the server's refusal at the URL field, with its reason, and keeps the dialog open", async () => {
    server([OK], {
      saveWebhook: () => {
        throw new ApiFailure(400, {
          status: 'Failure',
          message: WEBHOOK_MSG.addressRefused,
          error: 'Host not found',
          data: null,
        });
      },
    });
    show();
    await screen.findByText(OK.url);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add webhook' })[0]);
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: 'https://nowhere.invalid/hook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const message = await within(dialog).findByText('This address cannot receive webhooks (Host not found)');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-describedby')).toBe(message.id);
    expect(bodies('saveWebhook')).toEqual([
      {
        organizationId: 7,
        url: 'https://nowhere.invalid/hook',
        events: ['result.stored', 'questionnaire.stored', 'medical.stored'],
        isActive: true,
      },
    ]);
    expect(notify).toHaveBeenCalledWith('warning', WEBHOOK_MSG.addressRefused, 'Add webhook');
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull();
    // Editing the address clears the refusal.
    fireEvent.change(url, { target: { value: 'https://ehr.example.org/x' } });
    await waitFor(() => expect(within(dialog).queryByText(/cannot receive webhooks/)).toBeNull());
  });

  it('shows the new secret once, with Copy and the words that it will not be shown again', async () => {
    server([OK]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show();
    await screen.findByText(OK.url);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add webhook' })[0]);
    const form = screen.getByRole('dialog', { name: 'Add webhook' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'URL' }), {
      target: { value: ' https://ehr.example.org/new ' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: /A medical form is stored/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(bodies('saveWebhook')).toEqual([
      {
        organizationId: 7,
        url: 'https://ehr.example.org/new',
        events: ['result.stored', 'questionnaire.stored'],
        isActive: true,
      },
    ]);
    expect(dialog.textContent).toContain(SECRET);
    expect(dialog.textContent).toContain('it will not be shown again');
    expect(dialog.textContent).toContain('https://ehr.example.org/new');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Gone for good: nowhere on the page, and nothing fetches it again.
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(call.mock.calls.map(([n]) => n)).not.toContain('rotateSecret');
  });

  it('an edit sends the endpoint id and shows no secret', async () => {
    server([OK], { saveWebhook: () => ({ id: 1, secret: null }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: `Edit the webhook to ${OK.url}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' }) as HTMLInputElement;
    expect(url.value).toBe(OK.url);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit webhook' })).toBeNull());
    expect(bodies('saveWebhook')).toEqual([
      { id: 1, organizationId: 7, url: OK.url, events: OK.events, isActive: false },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull();
  });

  it('Rotate secret asks first (the old one stops at once), then shows the new secret once', async () => {
    server([OK]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: `Rotate secret of ${OK.url}` }));
    const ask = screen.getByRole('dialog', { name: 'Rotate secret' });
    expect(ask.textContent).toContain('The old secret stops working at once');
    expect(bodies('rotateSecret')).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(bodies('rotateSecret')).toEqual([{ id: 1 }]);
    expect(dialog.textContent).toContain(SECRET);
    expect(dialog.textContent).toContain('The new secret');
  });
});

describe('test events and Delete', () => {
  it('Send test event queues one and says so', async () => {
    server([OK]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: `Send test event to ${OK.url}` }));
    await waitFor(() => expect(bodies('sendTestEvent')).toEqual([{ id: 1 }]));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', `A test event is on its way to ${OK.url}`, 'Send test event'),
    );
  });

  it('Delete asks first; Cancel keeps it, Delete deletes it', async () => {
    server([OK]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: `Delete the webhook to ${OK.url}` }));
    let dialog = screen.getByRole('dialog', { name: 'Delete webhook' });
    expect(dialog.textContent).toContain(`Delete the webhook to ${OK.url}?`);
    expect(dialog.textContent).toContain('its delivery log is deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies('deleteWebhook')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: `Delete the webhook to ${OK.url}` }));
    dialog = screen.getByRole('dialog', { name: 'Delete webhook' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies('deleteWebhook')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(bodies('getWebhookList')).toHaveLength(2));
  });
});

describe('the delivery log', () => {
  it('Deliveries opens the log of that endpoint in the URL', async () => {
    server([OK]);
    const { onSearchChange } = show({ page: 2 });
    fireEvent.click(await screen.findByRole('button', { name: `Deliveries to ${OK.url}` }));
    expect(lastUpdate(onSearchChange, { page: 2 })).toEqual({ hook: 1, page: undefined });
  });

  it('lists the deliveries, newest first as the server gives them, paged; Redeliver on a failed row', async () => {
    server([OK], {
      getDeliveryList: () => ({ list: [FAILED, delivery({ nextAttemptAt: null })], totalCount: 12 }),
    });
    show({ hook: 1, size: 10 });
    await screen.findByText(OK.url);
    const log = await screen.findByRole('region', { name: `Deliveries to ${OK.url}` });
    const failed = (await within(log).findByText('Service Unavailable')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('503')).toBeTruthy();
    expect(within(failed).getByText('9')).toBeTruthy();
    expect(within(failed).getByText('120 ms')).toBeTruthy();
    expect(within(failed).getByText(FAILED.resultId as string)).toBeTruthy();
    const delivered = within(log).getByText('Delivered').closest('tr') as HTMLElement;
    expect(within(delivered).queryByRole('button')).toBeNull();
    expect(bodies('getDeliveryList')).toEqual([{ webhookId: 1, pageNumber: 1, rowsPerPage: 10 }]);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1 of 2');
    fireEvent.click(within(failed).getByRole('button', { name: /^Redeliver Result stored/ }));
    await waitFor(() => expect(bodies('redeliver')).toEqual([{ deliveryId: FAILED.id }]));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', '1 delivery queued again', 'Redeliver'));
  });

  it('Redeliver all failed asks first, then queues every failed one of the endpoint', async () => {
    server([OK], {
      getDeliveryList: () => ({ list: [FAILED], totalCount: 1 }),
      redeliver: () => ({ queued: 3 }),
    });
    show({ hook: 1 });
    await screen.findByText(OK.url);
    fireEvent.click(screen.getByRole('button', { name: 'Redeliver all failed' }));
    const ask = screen.getByRole('dialog', { name: 'Redeliver all failed' });
    expect(ask.textContent).toContain(`Send every failed delivery to ${OK.url} again?`);
    expect(bodies('redeliver')).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Redeliver all' }));
    await waitFor(() => expect(bodies('redeliver')).toEqual([{ webhookId: 1, status: 'failed' }]));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', '3 deliveries queued again', 'Redeliver'));
  });
});
