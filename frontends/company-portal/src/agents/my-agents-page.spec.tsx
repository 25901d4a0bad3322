import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import type { Language } from '@manzil/contracts';
import { FeedbackProvider, useFeedback, type Feedback } from '@manzil/ui';
import { WithQueryClient, envelopeResponse, testQueryClient } from '@manzil/ui/test/query';
import App from '../app.js';
import { CONFIG } from '../test-harness.js';

const AGENT = {
  id: '5b1f6a2e-0c3d-4e8a-9f21-000000000001',
  firstName: 'Lina',
  lastName: 'Saleh',
  email: 'lina@example.com',
  countryCode: '+971',
  mobile: '501234567',
  brn: '12345',
  designation: 'Broker',
  status: 'active',
  picture: null,
};

const answer = envelopeResponse;

type Held = { method: string; url: string; release: (response: Response) => void };

/** The identity service: the agents list from `agents`; PATCH/DELETE are held until released. */
function identity(agents: () => unknown[]) {
  const held: Held[] = [];
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      const items = agents();
      return answer(200, { items, page: 1, limit: 10, total: items.length });
    }
    return new Promise<Response>((release) => held.push({ method, url, release }));
  });
  globalThis.fetch = mock;
  return { mock, held };
}

let shellFeedback: Feedback | null = null;
function ShellProbe() {
  const feedback = useFeedback();
  useEffect(() => {
    shellFeedback = feedback;
  }, [feedback]);
  return null;
}

/** The remote as the shell mounts it: inside the shell's feedback and query client. */
function renderPortal(language: Language = 'en') {
  const client = testQueryClient();
  render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={['/myAgents']}>
        <FeedbackProvider language={language}>
          <ShellProbe />
          <App language={language} site="ae" config={CONFIG} session={null} />
        </FeedbackProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
  return client;
}

describe('/myAgents', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("uses the shell's toasts: one toast on screen, never two stacked", async () => {
    const { held } = identity(() => [AGENT]);
    renderPortal();
    await screen.findByTestId('agent-row');
    act(() => shellFeedback?.toast('info', 'Welcome back'));
    fireEvent.click(screen.getByTestId('agent-toggle'));
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held[0].release(answer(200, null, 'The agent has been deactivated.')));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('deactivated'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('shows the new status at once, and keeps it when the server agrees', async () => {
    let stored = [AGENT];
    const { held, mock } = identity(() => stored);
    renderPortal();
    await screen.findByTestId('agent-row');
    fireEvent.click(screen.getByTestId('agent-toggle'));
    // Before any answer: the row already says Inactive, and offers to activate.
    await waitFor(() => expect(screen.getByTestId('agent-status').textContent).toBe('Inactive'));
    expect(screen.getByTestId('agent-toggle').textContent).toBe('Activate');
    expect(held).toHaveLength(1);
    expect(JSON.parse(String(mock.mock.calls.at(-1)?.[1]?.body))).toEqual({ status: 'inactive' });
    stored = [{ ...AGENT, status: 'inactive' }];
    await act(async () => held[0].release(answer(200, null, 'The agent has been deactivated.')));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('deactivated'));
    // The list is asked again and agrees.
    await waitFor(() =>
      expect(mock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2),
    );
    expect(screen.getByTestId('agent-status').textContent).toBe('Inactive');
  });

  it('puts the status back and says why when the server refuses (ar)', async () => {
    const { held } = identity(() => [AGENT]);
    renderPortal('ar');
    await screen.findByTestId('agent-row');
    fireEvent.click(screen.getByTestId('agent-toggle'));
    await waitFor(() => expect(screen.getByTestId('agent-status').textContent).toBe('غير نشط'));
    await act(async () => held[0].release(answer(422, null, 'لا يمكن تعطيل هذا الوسيط الآن.')));
    await waitFor(() => expect(screen.getByTestId('agent-status').textContent).toBe('نشط'));
    expect(screen.getByTestId('toast').textContent).toContain('لا يمكن تعطيل هذا الوسيط الآن.');
    expect(screen.getByTestId('toast').className).toContain('mz-toast--danger');
  });
});
