import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Unit } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, envelopeResponse, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { FloorPlanUpload } from './floor-plan-upload.js';

const PROJECT = '0193a000-0000-7000-8000-000000000701';
const UNIT: Unit = {
  id: '0193a000-0000-7000-8000-000000000702',
  projectId: PROJECT,
  layout: 'apartment',
  bedrooms: 2,
  area: 1200,
  price: 1_400_000,
  floorPlanUrl: 'javascript:alert(1)',
  reference: 'A-1203',
  status: 'available',
};
const PATH = `/api/listings/v1/projects/${PROJECT}/units/${UNIT.id}/floor-plan`;

function renderUpload(language: 'en' | 'ar', unit: Unit = UNIT) {
  render(
    <WithQueryClient client={testQueryClient()}>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site="ae">
        <FeedbackProvider language={language}>
          <FloorPlanUpload projectId={PROJECT} unit={unit} language={language} />
        </FeedbackProvider>
      </LanguageProvider>
    </WithQueryClient>,
  );
}

const choose = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByTestId('unit-floor-plan-input'), { target: { files: [file] } });
  });

describe('a unit’s floor plan upload', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends the chosen file to the unit’s address and never links a javascript: plan', async () => {
    const saved = { ...UNIT, floorPlanUrl: PATH };
    const fetchMock = jest.fn<typeof fetch>(async () => envelopeResponse(201, saved));
    globalThis.fetch = fetchMock;
    renderUpload('en');
    expect(screen.queryByTestId('unit-floor-plan-link')).toBeNull();
    await choose(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'plan.jpg', { type: 'image/jpeg' }));
    const [input, init] = fetchMock.mock.calls[0];
    expect(String(input)).toBe(PATH);
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect((await screen.findByTestId('toast')).textContent).toContain('Floor plan saved.');
  });

  it('shows the server’s refusal of the file in Arabic', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(async () =>
      envelopeResponse(
        422,
        { fields: [{ field: 'floorPlan', message: 'يجب أن يكون المخطط صورة JPEG أو ملف PDF.' }] },
        'فشل التحقق',
      ),
    );
    renderUpload('ar', { ...UNIT, floorPlanUrl: PATH });
    expect(screen.getByTestId('unit-floor-plan-link').getAttribute('href')).toBe(PATH);
    await choose(new File(['GIF89a'], 'plan.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'يجب أن يكون المخطط صورة JPEG أو ملف PDF.',
    );
  });
});
