import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog, Dialog } from '../feedback/dialog.js';
import { Toast } from '../feedback/toast.js';
import { useDisclosure } from './use-disclosure.js';
import { useRadioGroup, useTabs } from './use-tabs.js';

const focused = () => document.activeElement as HTMLElement | null;
const tab = (shift = false) => fireEvent.keyDown(focused() ?? document.body, { key: 'Tab', shiftKey: shift });

/** A page with a button that opens a dialog, a link behind it and a live toast region. */
function DialogPage({
  confirm = false,
  onAnswer = () => undefined,
}: {
  confirm?: boolean;
  onAnswer?: (yes: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const answer = (yes: boolean) => {
    setOpen(false);
    onAnswer(yes);
  };
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Delete
      </button>
      <a href="/elsewhere" data-testid="behind">
        behind
      </a>
      <Toast toast={{ type: 'info', message: 'still heard' }} onClose={() => undefined} closeLabel="Close" />
      {open && confirm ? (
        <ConfirmDialog
          message="Delete this page?"
          confirmLabel="Ok"
          cancelLabel="Cancel"
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      ) : null}
      {open && !confirm ? (
        <Dialog
          title="Verify"
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button" data-testid="first" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="button" data-testid="last">
                Send
              </button>
            </>
          }
        >
          <input aria-label="code" data-testid="code" />
        </Dialog>
      ) : null}
    </>
  );
}

function openDialog() {
  const opener = screen.getByTestId('opener');
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('modal dialog (focus trap, return, Escape, inert)', () => {
  it('starts on the first control, wraps Tab and Shift+Tab inside, and keeps focus from leaving', () => {
    render(<DialogPage />);
    openDialog();
    expect(focused()).toBe(screen.getByTestId('code'));
    tab(true);
    expect(focused()).toBe(screen.getByTestId('last'));
    tab();
    expect(focused()).toBe(screen.getByTestId('code'));
    // A script focusing something behind the dialog: focus comes back in.
    act(() => screen.getByTestId('behind').focus());
    expect(screen.getByRole('dialog').contains(focused())).toBe(true);
  });

  it('makes the page behind inert (the toast region excepted) and undoes it on close', () => {
    const { container } = render(<DialogPage />);
    openDialog();
    expect(container.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    expect(screen.getByText('still heard').closest('[inert]')).toBeNull();
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
  });

  it('closes on Escape and gives focus back to the button that opened it', () => {
    render(<DialogPage />);
    const opener = openDialog();
    expect(focused()).not.toBe(opener);
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });

  it('focuses Cancel first in a destructive confirm, so Enter does not confirm', () => {
    const onAnswer = jest.fn();
    render(<DialogPage confirm onAnswer={onAnswer} />);
    const opener = openDialog();
    expect(focused()).toBe(screen.getByTestId('confirm-dialog-cancel'));
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    fireEvent.click(focused()!);
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(focused()).toBe(opener);
  });

  it('answers Escape with Cancel in a confirm', () => {
    const onAnswer = jest.fn();
    render(<DialogPage confirm onAnswer={onAnswer} />);
    openDialog();
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(onAnswer).toHaveBeenCalledWith(false);
  });

  it('lets only the top dialog answer Escape when a second opens from the first', () => {
    const closeOuter = jest.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog
          title="Outer"
          onClose={closeOuter}
          actions={
            <button type="button" onClick={() => setInner(true)}>
              more
            </button>
          }
        >
          {inner ? (
            <Dialog
              title="Inner"
              onClose={() => setInner(false)}
              actions={<button type="button">inner</button>}
            />
          ) : null}
        </Dialog>
      );
    }
    render(<Nested />);
    const more = screen.getByText('more');
    fireEvent.click(more);
    expect(focused()).toBe(screen.getByText('inner'));
    expect(more.closest('[inert]')).not.toBeNull();
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(screen.queryByText('inner')).toBeNull();
    expect(closeOuter).not.toHaveBeenCalled();
    expect(focused()).toBe(more);
    expect(more.closest('[inert]')).toBeNull();
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(closeOuter).toHaveBeenCalledTimes(1);
  });
});

const KINDS = ['Customer', 'Agent', 'Company'] as const;
type Kind = (typeof KINDS)[number];

function Tabs({ dir, onSelect = () => undefined }: { dir: 'ltr' | 'rtl'; onSelect?: (kind: Kind) => void }) {
  const [kind, setKind] = useState<Kind>('Customer');
  const { tabListProps, tabProps, panelProps } = useTabs(KINDS, kind, (next) => {
    setKind(next);
    onSelect(next);
  });
  return (
    <div dir={dir}>
      <div {...tabListProps} aria-label="Account kind">
        {KINDS.map((value) => (
          <button key={value} {...tabProps(value)}>
            {value}
          </button>
        ))}
      </div>
      <div {...panelProps}>form of {kind}</div>
    </div>
  );
}

const tabNamed = (name: string) => screen.getByRole('tab', { name });

describe('tabs (APG tabs, automatic activation, reading direction)', () => {
  it('has one tab in the Tab order and a panel labelled by the selected tab', () => {
    render(<Tabs dir="ltr" />);
    expect(KINDS.map((kind) => tabNamed(kind).tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabNamed('Customer').id);
    expect(tabNamed('Agent').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('moves right to the next tab in English, selecting it, and wraps at the end', () => {
    render(<Tabs dir="ltr" />);
    tabNamed('Customer').focus();
    fireEvent.keyDown(focused()!, { key: 'ArrowRight' });
    expect(focused()).toBe(tabNamed('Agent'));
    expect(tabNamed('Agent').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('form of Agent');
    expect(KINDS.map((kind) => tabNamed(kind).tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(focused()!, { key: 'ArrowLeft' });
    expect(focused()).toBe(tabNamed('Customer'));
    fireEvent.keyDown(focused()!, { key: 'ArrowLeft' });
    expect(focused()).toBe(tabNamed('Company'));
  });

  it('moves LEFT to the next tab in Arabic (rtl), right to the previous', () => {
    render(<Tabs dir="rtl" />);
    tabNamed('Customer').focus();
    fireEvent.keyDown(focused()!, { key: 'ArrowLeft' });
    expect(focused()).toBe(tabNamed('Agent'));
    expect(tabNamed('Agent').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(focused()!, { key: 'ArrowRight' });
    expect(focused()).toBe(tabNamed('Customer'));
  });

  it('jumps with Home and End, and ignores other keys', () => {
    const onSelect = jest.fn();
    render(<Tabs dir="ltr" onSelect={onSelect} />);
    tabNamed('Customer').focus();
    fireEvent.keyDown(focused()!, { key: 'End' });
    expect(focused()).toBe(tabNamed('Company'));
    fireEvent.keyDown(focused()!, { key: 'Home' });
    expect(focused()).toBe(tabNamed('Customer'));
    fireEvent.keyDown(focused()!, { key: 'a' });
    expect(onSelect.mock.calls).toEqual([['Company'], ['Customer']]);
  });
});

function Purpose({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [purpose, setPurpose] = useState<'buy' | 'rent'>('buy');
  const { groupProps, radioProps } = useRadioGroup(['buy', 'rent'] as const, purpose, setPurpose);
  return (
    <div dir={dir} {...groupProps} aria-label="Purpose">
      <button {...radioProps('buy')}>Buy</button>
      <button {...radioProps('rent')}>Rent</button>
    </div>
  );
}

describe('radio group (buy / rent)', () => {
  it.each([
    ['ltr', 'ArrowRight'],
    ['rtl', 'ArrowLeft'],
  ] as const)('in %s, %s checks the next choice and moves focus to it', (dir, key) => {
    render(<Purpose dir={dir} />);
    const buy = screen.getByRole('radio', { name: 'Buy' });
    const rent = screen.getByRole('radio', { name: 'Rent' });
    expect([buy.tabIndex, rent.tabIndex]).toEqual([0, -1]);
    buy.focus();
    fireEvent.keyDown(buy, { key });
    expect(focused()).toBe(rent);
    expect(rent.getAttribute('aria-checked')).toBe('true');
    expect([buy.tabIndex, rent.tabIndex]).toEqual([-1, 0]);
  });
});

function Disclosure() {
  const { open, close, rootRef, buttonProps, panelProps } = useDisclosure();
  return (
    <>
      <div ref={rootRef}>
        <button {...buttonProps}>Account</button>
        {open ? (
          <ul {...panelProps}>
            <li>
              <a href="/profile">Profile</a>
            </li>
            <li>
              <button type="button" onClick={() => close(true)}>
                Logout
              </button>
            </li>
          </ul>
        ) : null}
      </div>
      <a href="/after">after</a>
    </>
  );
}

describe('disclosure (account and country lists)', () => {
  it('opens a plain list (no menu roles), Escape closes it and returns focus to the button', () => {
    render(<Disclosure />);
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(screen.getByRole('list').id);
    expect(document.querySelector('[role="menu"], [role="menuitem"]')).toBeNull();
    const profile = screen.getByRole('link', { name: 'Profile' });
    profile.focus();
    fireEvent.keyDown(profile, { key: 'Escape' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(focused()).toBe(button);
  });

  it('closes when focus moves past it or a pointer presses outside', () => {
    render(<Disclosure />);
    const button = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(button);
    fireEvent.focusOut(screen.getByRole('link', { name: 'Profile' }), {
      relatedTarget: screen.getByRole('link', { name: 'after' }),
    });
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
