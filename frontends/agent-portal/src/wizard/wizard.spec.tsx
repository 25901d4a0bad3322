import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldMessage } from '@manzil/contracts';
import { ID, listings, renderPortal as renderWizard } from '../test-harness.js';

const box = (testId: string) =>
  screen.getByTestId(testId).querySelector<HTMLInputElement>('input, textarea') as HTMLInputElement;
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;
const type = (testId: string, value: string) => fireEvent.change(box(testId), { target: { value } });
const leave = (testId: string) => fireEvent.blur(box(testId));
const next = () => fireEvent.click(screen.getByTestId('wizard-next'));

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

describe('basic information step: spec §5 messages in both languages', () => {
  it.each([
    ['en', 'Please enter title.', 'Please enter the Arabic title.'],
    ['ar', 'يرجى إدخال عنوان الإعلان.', fieldMessage('property.titleArRequired', 'ar')],
  ] as const)(
    '%s: a submit with no titles names both and focuses the first',
    async (language, titleEn, titleAr) => {
      listings('ae');
      renderWizard({ language });
      next();
      await waitFor(() => expect(errorOf('property-title-en')).toBe(titleEn));
      expect(errorOf('property-title-ar')).toBe(titleAr);
      expect(document.activeElement).toBe(box('property-title-en'));
      expect((await screen.findByTestId('form-error-summary')).textContent).toContain(titleAr);
    },
  );

  it.each(['en', 'ar'] as const)('%s: number rules show when the field is left', async (language) => {
    listings('ae');
    renderWizard({ language });
    type('property-price', '0');
    leave('property-price');
    await waitFor(() => expect(errorOf('property-price')).toBe(fieldMessage('number.positive', language)));
    type('property-price', '12345678901');
    await waitFor(() =>
      expect(errorOf('property-price')).toBe(fieldMessage('property.priceLength', language)),
    );
    type('property-builtUpArea', '123456');
    leave('property-builtUpArea');
    await waitFor(() =>
      expect(errorOf('property-builtUpArea')).toBe(fieldMessage('property.buaLength', language)),
    );
    type('property-tour360Url', 'not a link');
    leave('property-tour360Url');
    await waitFor(() =>
      expect(errorOf('property-tour360Url')).toBe(fieldMessage('property.url360', language)),
    );
    // Arabic-Indic digits are numbers too (DESIGN rule 7).
    type('property-bathrooms', '٢');
    leave('property-bathrooms');
    await waitFor(() => expect(errorOf('property-bathrooms')).toBeUndefined());
  });

  it.each(['en', 'ar'] as const)(
    '%s: a rent names at least one of daily, weekly, monthly, yearly',
    async (language) => {
      listings('ae');
      renderWizard({ language });
      fireEvent.change(screen.getByTestId('property-propertyType-select'), { target: { value: 'rent' } });
      type('property-title-en', 'Sea view flat');
      type('property-title-ar', 'شقة بإطلالة بحرية');
      next();
      await waitFor(() =>
        expect(errorOf('property-priceYearly')).toBe(fieldMessage('property.rentPrice', language)),
      );
      expect(language === 'en' ? errorOf('property-priceYearly') : 'x').toMatch(/daily|x/i);
    },
  );
});

describe('draft saving', () => {
  it('the first step starts the draft, and the address of the page now names it', async () => {
    const service = listings('ae');
    renderWizard();
    type('property-title-en', 'Sea view flat');
    type('property-title-ar', 'شقة بإطلالة بحرية');
    type('property-price', '٩٥٠٠٠٠');
    next();
    await waitFor(
      () => expect(screen.getByTestId('where').textContent).toBe(`/addNewProperty?id=${ID}&step=address`),
      { timeout: 5000 },
    );
    const created = service.calls.find((call) => call.method === 'POST');
    expect(created?.body).toMatchObject({
      propertyType: 'buy',
      kind: 'apartment',
      title: { en: 'Sea view flat', ar: 'شقة بإطلالة بحرية' },
      // Typed in Arabic-Indic digits, kept as Latin ones (DESIGN rule 7).
      price: '950000',
    });
  });

  it('typed but unsaved values survive a reload of the step', async () => {
    listings('ae');
    const first = renderWizard();
    type('property-title-en', 'Half typed');
    first.unmount();
    renderWizard();
    expect(box('property-title-en').value).toBe('Half typed');
  });

  it('a later step saves with PATCH, a blank box clears its field, and the wizard goes on (sa, ar licence)', async () => {
    const service = listings('sa', { title: { en: 'Villa', ar: 'فيلا' }, regulator: { adSource: 'x' } });
    renderWizard({ language: 'ar', site: 'sa', path: `/addNewProperty?id=${ID}&step=licence` });
    await screen.findByTestId('wizard-form-licence');
    type('property-adLicenseNumber', '7100000123');
    type('property-creationDate', '2026-06-01');
    type('property-endDate', '2026-01-01');
    next();
    await waitFor(() =>
      expect(errorOf('property-endDate')).toBe('يجب أن يكون تاريخ الإنشاء قبل تاريخ الانتهاء.'),
    );
    expect(service.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    type('property-endDate', '2027-06-01');
    next();
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/addNewProperty?id=${ID}&step=review`),
    );
    const [patch] = service.calls.filter((call) => call.method === 'PATCH');
    expect(patch.url).toContain(`/api/listings/v1/properties/${ID}`);
    expect(patch.body).toEqual({
      regulator: {
        adLicenseNumber: '7100000123',
        advertiserId: '',
        brokerageLicenseNumber: '',
        titleDeedNumber: '',
        creationDate: '2026-06-01',
        endDate: '2027-06-01',
      },
    });
  });
});

describe('licence step (sa): REGA is asked', () => {
  it('shows a refusal and keeps the boxes, then shows the confirmed licence before going on', async () => {
    const service = listings('sa', { title: { en: 'Villa', ar: 'فيلا' } });
    renderWizard({ language: 'ar', site: 'sa', path: `/addNewProperty?id=${ID}&step=licence` });
    await screen.findByTestId('wizard-form-licence');
    type('property-advertiserId', '1012345678');
    type('property-adLicenseNumber', '7200009999');
    next();
    await waitFor(() => expect(screen.getByTestId('licence-refused').textContent).toBe('expired'));
    expect(screen.getByTestId('where').textContent).toContain('step=licence');
    expect(box('property-adLicenseNumber').value).toBe('7200009999');

    type('property-adLicenseNumber', '7200001234');
    next();
    await waitFor(() => expect(screen.getByTestId('licence-verified').textContent).toContain('7200001234'));
    expect(screen.getByTestId('licence-verified').textContent).toContain('الهيئة العامة للعقار');
    expect(screen.getByTestId('where').textContent).toContain('step=licence');
    const asked = service.calls.filter((call) => call.url.endsWith('/ad-licence'));
    expect(asked.map((call) => call.body)).toEqual([
      { advertiserId: '1012345678', adLicenseNumber: '7200009999' },
      { advertiserId: '1012345678', adLicenseNumber: '7200001234' },
    ]);
    // Confirmed already: the next save goes on without asking again.
    next();
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/addNewProperty?id=${ID}&step=review`),
    );
    expect(service.calls.filter((call) => call.url.endsWith('/ad-licence'))).toHaveLength(2);
  });
});

describe('photos step', () => {
  const file = (name: string, typeName: string, size = 1000) => {
    const blob = new File([new Uint8Array(size)], name, { type: typeName });
    return blob;
  };
  const choose = (files: File[]) =>
    act(async () => {
      fireEvent.change(screen.getByTestId('photos-input'), { target: { files } });
    });

  it.each(['en', 'ar'] as const)(
    '%s: checks a selection before sending it, and asks for 6 photos to go on',
    async (language) => {
      const service = listings('ae');
      renderWizard({ language, path: `/addNewProperty?id=${ID}&step=media` });
      await screen.findByTestId('photos-input');
      await choose(Array.from({ length: 11 }, (_, i) => file(`p${i}.jpg`, 'image/jpeg')));
      expect(screen.getByTestId('photos-error').textContent).toBe(fieldMessage('photo.count', language));
      await choose([file('big.png', 'image/png', 2 * 1024 * 1024)]);
      expect(screen.getByTestId('photos-error').textContent).toBe(fieldMessage('file.size', language));
      await choose([file('scan.bmp', 'image/bmp')]);
      expect(screen.getByTestId('photos-error').textContent).toBe(fieldMessage('file.type', language));
      expect(service.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
      next();
      await waitFor(() =>
        expect(screen.getByTestId('photos-error').textContent).toBe(fieldMessage('photo.min', language)),
      );
      expect(screen.getByTestId('where').textContent).toContain('step=media');
    },
  );
});

describe('documents step', () => {
  const choose = (file: File) =>
    act(async () => {
      fireEvent.change(screen.getByTestId('document-file-input'), { target: { files: [file] } });
    });

  it.each(['en', 'ar'] as const)(
    '%s: a jpeg or pdf under 2 MB with a title, sent as a file',
    async (language) => {
      const service = listings('ae');
      renderWizard({ language, path: `/addNewProperty?id=${ID}&step=documents` });
      await screen.findByTestId('document-form');
      await choose(new File(['png'], 'deed.png', { type: 'image/png' }));
      await waitFor(() => expect(errorOf('document-file')).toBe(fieldMessage('document.type', language)));
      await choose(new File([new Uint8Array(2 * 1024 * 1024)], 'deed.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(errorOf('document-file')).toBe(fieldMessage('document.size', language)));
      fireEvent.click(screen.getByTestId('document-attach'));
      await waitFor(() =>
        expect(errorOf('document-title')).toBe(fieldMessage('document.titleRequired', language)),
      );
      expect(service.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

      type('document-title', 'Title deed');
      await choose(new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' }));
      fireEvent.click(screen.getByTestId('document-attach'));
      await waitFor(() => expect(service.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
      const [sent] = service.calls.filter((call) => call.method === 'POST');
      expect(sent.url).toBe(`/api/listings/v1/properties/${ID}/documents/file`);
      const body = sent.body as FormData;
      expect(body.get('title')).toBe('Title deed');
      expect((body.get('file') as File).name).toBe('deed.pdf');
    },
  );

  const deed = {
    id: '0193c1a2-0000-7000-8000-0000000000d1',
    title: 'Title deed',
    fileName: 'deed.pdf',
    contentType: 'application/pdf' as const,
    sizeBytes: 2048,
    createdAt: '2026-11-20T10:00:00.000Z',
    fileUrl: null,
  };
  const permit = { ...deed, id: '0193c1a2-0000-7000-8000-0000000000d2', title: 'Trakheesi permit' };
  const deletes = (service: ReturnType<typeof listings>) =>
    service.calls.filter((call) => call.method === 'DELETE');

  it.each([
    ['en', 'Remove the document “Trakheesi permit”? This cannot be undone.', 'The document is removed.'],
    ['ar', 'هل تريد حذف المستند «\u2068Trakheesi permit\u2069»؟ لا يمكن التراجع عن ذلك.', 'تم حذف المستند.'],
  ] as const)(
    '%s: Remove asks first; Cancel keeps it, Ok removes it on the server',
    async (language, question, done) => {
      const service = listings('ae', {}, { documents: [deed, permit] });
      renderWizard({ language, path: `/addNewProperty?id=${ID}&step=documents` });
      await waitFor(() => expect(screen.getAllByTestId('document-item')).toHaveLength(2));
      const [, second] = screen.getAllByTestId('document-remove');
      expect(second.getAttribute('aria-label')).toContain('Trakheesi permit');

      // Leaving the empty title box for Remove: its "required" is not shown behind the question.
      leave('document-title');
      await waitFor(() => expect(errorOf('document-title')).toBeDefined());
      fireEvent.click(second);
      expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(question);
      expect(errorOf('document-title')).toBeUndefined();
      // Cancel has the focus: an Enter out of habit removes nothing.
      expect(document.activeElement).toBe(screen.getByTestId('confirm-dialog-cancel'));
      fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
      await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
      expect(deletes(service)).toHaveLength(0);

      fireEvent.click(screen.getAllByTestId('document-remove')[1]);
      fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
      await waitFor(() => expect(screen.getAllByTestId('document-item')).toHaveLength(1));
      expect(deletes(service).map((call) => call.url)).toEqual([
        `/api/listings/v1/properties/${ID}/documents/${permit.id}`,
      ]);
      expect(screen.getByTestId('document-item').textContent).toContain('Title deed');
      const toast = await screen.findByTestId('toast');
      expect(toast.textContent).toContain(done);
      expect(toast.className).toContain('mz-toast--success');
    },
  );

  it.each(['en', 'ar'] as const)(
    "%s: the server's refusal to remove a pending listing's last document is the toast",
    async (language) => {
      const service = listings('ae', {}, { documents: [deed], approvalStatus: 'pending' });
      renderWizard({ language, path: `/addNewProperty?id=${ID}&step=documents` });
      fireEvent.click(await screen.findByTestId('document-remove'));
      fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
      await waitFor(() => expect(deletes(service)).toHaveLength(1));
      const toast = await screen.findByTestId('toast');
      expect(toast.textContent).toContain(fieldMessage('document.keepOne', language));
      expect(toast.getAttribute('role')).toBe('alert');
      expect(screen.getAllByTestId('document-item')).toHaveLength(1);
    },
  );
});
