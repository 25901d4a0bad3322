import { describe, expect, it } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LanguageProvider } from './language-provider.js';

const messages = { 'test.hello': 'Hello' };
const seen: IntlShape[] = [];

function Reader() {
  seen.push(useIntl());
  return null;
}

let rerenderFrame: () => void = () => undefined;

/** A page frame that re-renders for its own reasons (a session, a route), messages unchanged. */
function Frame({ language }: { language: 'en' | 'ar' }) {
  const [, setTick] = useState(0);
  rerenderFrame = () => setTick((tick) => tick + 1);
  return (
    <LanguageProvider language={language} messages={messages}>
      <Reader />
    </LanguageProvider>
  );
}

describe('LanguageProvider', () => {
  it('keeps one intl object while the language and messages stay the same, and makes a new one when they change', () => {
    seen.length = 0;
    const { rerender } = render(<Frame language="en" />);
    act(() => rerenderFrame());
    act(() => rerenderFrame());
    // A new intl object is a new context value: every useIntl below would render again.
    expect(new Set(seen).size).toBe(1);
    expect(seen[0].formatMessage({ id: 'test.hello' })).toBe('Hello');

    rerender(<Frame language="ar" />);
    expect(new Set(seen).size).toBe(2);
    expect(seen.at(-1)?.locale).not.toBe(seen[0].locale);
  });
});
