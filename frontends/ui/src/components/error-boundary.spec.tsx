import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ErrorBoundary } from './error-boundary.js';
import { LanguageProvider } from './language-provider.js';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('remote is down');
  return <p>remote content</p>;
}

function Harness() {
  const [explode, setExplode] = useState(true);
  return (
    <LanguageProvider language="en" messages={{}}>
      <p>header</p>
      <ErrorBoundary onReset={() => setExplode(false)}>
        <Bomb explode={explode} />
      </ErrorBoundary>
    </LanguageProvider>
  );
}

describe('ErrorBoundary', () => {
  it('shows the fallback in place of a failing part, keeps the rest, and tries again', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness />);
    expect(screen.getByText('header')).toBeTruthy();
    expect(screen.getByTestId('error-fallback').textContent).toContain('Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('remote content')).toBeTruthy();
  });

  it('clears itself when a reset key changes', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <ErrorBoundary resetKeys={['/a']} fallback={<p>fallback</p>}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    view.rerender(
      <ErrorBoundary resetKeys={['/b']} fallback={<p>fallback</p>}>
        <Bomb explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('remote content')).toBeTruthy();
  });
});
