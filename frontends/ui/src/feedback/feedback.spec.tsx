import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { TOAST_MS } from './toast.js';
import { Dialog } from './dialog.js';
import { downloadFile } from './download.js';
import { FeedbackProvider, useFeedback, type Feedback } from './feedback.js';
import { PLACEHOLDER_IMAGE, SafeImage } from './safe-image.js';

function Probe({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const feedback = useFeedback();
  useEffect(() => {
    onReady(feedback);
  }, [feedback, onReady]);
  return null;
}

function renderFeedback(language: 'en' | 'ar') {
  let feedback: Feedback | null = null;
  render(
    <FeedbackProvider language={language}>
      <Probe
        onReady={(value) => {
          feedback = value;
        }}
      />
    </FeedbackProvider>,
  );
  return () => feedback as unknown as Feedback;
}

describe('feedback (spec §8)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows one toast at a time, the newest replacing the last, for 3 seconds', () => {
    jest.useFakeTimers();
    const feedback = renderFeedback('en');
    act(() => feedback().toast('success', 'Saved'));
    act(() => feedback().toast('danger', 'Submission failed'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toContain('Submission failed');
    expect(screen.getByTestId('toast').className).toContain('mz-toast--danger');
    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(TOAST_MS).toBe(3000);
  });

  it.each([
    ['en', 'Ok', 'Cancel'],
    ['ar', 'نعم', 'إلغاء'],
  ] as const)('labels the confirm dialog by language (%s)', async (language, ok, cancel) => {
    const feedback = renderFeedback(language);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = feedback().confirm('are you sure you want to logout');
    });
    expect(screen.getByTestId('confirm-dialog-ok').textContent).toBe(ok);
    expect(screen.getByTestId('confirm-dialog-cancel').textContent).toBe(cancel);
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('puts the warning icon on a confirm, and none on a form dialog', () => {
    const feedback = renderFeedback('en');
    act(() => {
      void feedback().confirm('Delete?');
    });
    expect(screen.getByTestId('confirm-dialog').querySelector('.mz-dialog__icon--warning')).not.toBeNull();
    render(
      <Dialog title="Save this search" tone="form" actions={null} onClose={() => undefined} testId="form" />,
    );
    expect(screen.getByTestId('form').querySelector('.mz-dialog__icon')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Save this search' })).not.toBeNull();
  });

  it('answers Cancel with false', async () => {
    const feedback = renderFeedback('en');
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = feedback().confirm('Delete?');
    });
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    await expect(answer).resolves.toBe(false);
  });

  it('falls back to the placeholder when an image fails or has no source', () => {
    render(<SafeImage src="/broken.jpg" alt="cover" data-testid="img" />);
    const img = screen.getByTestId('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/broken.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    render(<SafeImage src="" alt="none" data-testid="empty" />);
    expect(screen.getByTestId('empty').getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it("alerts 'Invalid URL' for an empty download link, in the page's language", () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    expect(downloadFile('', 'en')).toBe(false);
    expect(alert).toHaveBeenLastCalledWith('Invalid URL');
    expect(downloadFile('   ', 'ar')).toBe(false);
    expect(alert).toHaveBeenLastCalledWith('رابط غير صالح');
    expect(alert).toHaveBeenCalledTimes(2);
    alert.mockRestore();
  });
});
