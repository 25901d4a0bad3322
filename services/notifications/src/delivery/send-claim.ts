/**
 * How e-mails and text messages leave at most once. A message is **claimed** (`sending_at` set
 * and committed, the attempt counted) before its provider is asked, and marked sent after the
 * answer. A refusal or an unreachable provider clears the claim for a later attempt. A claim
 * older than `CLAIM_STALE_SECONDS` that was never settled belongs to a process that died while
 * asking: whether the provider took the message cannot be known, so it is given up
 * (`failed_at`, `last_error` = `OUTCOME_UNKNOWN`) rather than sent a second time. A provider that
 * was asked and gave no answer in time is the same case, known at once: given up on the spot
 * (`OUTCOME_UNKNOWN_TIMEOUT`), never retried.
 *
 * The providers answer within seconds (the SMS adapters time out at 5 s); a minute leaves room
 * for a slow SMTP server without taking a message still being sent for a dead one.
 */
export const CLAIM_STALE_SECONDS = 60;

export const OUTCOME_UNKNOWN =
  'outcome unknown: the process stopped while the provider was asked; given up so it is never sent twice';

/**
 * The provider was asked and did not answer in time (the adapter's `ProviderOutcomeUnknown`): it
 * may have taken the message, so it is given up at once, not retried. Both reasons start with
 * "outcome unknown:" (`OUTCOME_UNKNOWN_PREFIX`), how an operator finds them.
 */
export const OUTCOME_UNKNOWN_TIMEOUT =
  'outcome unknown: the provider did not answer in time and may have taken it; given up so it is never sent twice';
export const OUTCOME_UNKNOWN_PREFIX = 'outcome unknown:';
