import { readSession } from './session.js';

/** Spec §6: the actions that need a login, each with its own prompt. */
export const LOGIN_PROMPT_REASONS = [
  'wishlist',
  'enquiry',
  'report',
  'contact',
  'meeting',
  'bid',
  'message',
  /** Saved searches (issue 14 item 8, beyond the spec). */
  'savedSearch',
  'booking',
] as const;
export type LoginPromptReason = (typeof LOGIN_PROMPT_REASONS)[number];

type LoginPromptHandler = (reason: LoginPromptReason) => void;
let handler: LoginPromptHandler | null = null;

/**
 * The shell shows the prompt (a dialog with the reason's text and a Login button); a remote
 * only calls `requireLogin`. `@manzil/ui` is a federation singleton, so both see one handler.
 */
export function setLoginPromptHandler(next: LoginPromptHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * True when someone is logged in; otherwise shows the login prompt for `reason` and returns
 * false: `if (!requireLogin('wishlist')) return;`.
 */
export function requireLogin(reason: LoginPromptReason): boolean {
  if (readSession()) return true;
  if (handler) handler(reason);
  else window.location.assign('/login');
  return false;
}
