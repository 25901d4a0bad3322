import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NafathSandboxOptions } from './nafath.config.js';
import { personFor } from './persons.js';
import {
  NafathError,
  type CallbackDelivery,
  type NafathStatus,
  type NafathTransaction,
} from './nafath.schema.js';
import { NAFATH_OPTIONS, NafathStore } from './nafath.store.js';
import { SigningKey } from './signing-key.js';

export const NAFATH_SIGNING_KEY = Symbol('NAFATH_SIGNING_KEY');
/** `iss` of the sandbox's callback tokens. */
export const NAFATH_SANDBOX_ISSUER = 'manzil-sandbox-nafath';
const CALLBACK_TIMEOUT_MS = 5000;

export interface Decision {
  transId: string;
  status: NafathStatus;
  callback: CallbackDelivery;
}

/** What the person does in the Nafath app (approve, reject) or lets happen (expiry). */
@Injectable()
export class NafathSandboxService {
  private readonly logger = new Logger('nafath');

  constructor(
    private readonly store: NafathStore,
    @Inject(NAFATH_SIGNING_KEY) private readonly key: SigningKey,
    @Inject(NAFATH_OPTIONS) private readonly options: NafathSandboxOptions,
  ) {}

  async find(transId: string): Promise<NafathTransaction> {
    const transaction = await this.store.get(transId);
    if (!transaction) throw new NafathError(404, 'NOT_FOUND', 'No such request');
    return transaction;
  }

  /**
   * Approve or reject: the request is decided, then the callback `{ token, transId,
   * requestId }` is posted to the platform with the person's details in the signed token.
   * Answers once the platform has answered, so a test can assert what followed.
   */
  async decide(transId: string, status: 'COMPLETED' | 'REJECTED'): Promise<Decision> {
    const transaction = await this.find(transId);
    await this.store.decide(transaction, status);
    const token = await this.token(transaction, status);
    const callback = await this.postCallback({ token, transId, requestId: transaction.requestId });
    return { transId, status, callback };
  }

  /** Lets a waiting request run out now (no callback: the platform learns it by polling). */
  async expire(transId: string): Promise<Decision> {
    const transaction = await this.find(transId);
    await this.store.decide(transaction, 'EXPIRED');
    return { transId, status: 'EXPIRED', callback: { url: null, status: null } };
  }

  /** The callback token: RS256, signed with the sandbox's key, published at /api/v1/mfa/jwk. */
  token(transaction: NafathTransaction, status: NafathStatus): Promise<string> {
    const person = personFor(transaction.nationalId);
    const now = Math.floor(Date.now() / 1000);
    return this.key.sign({
      iss: NAFATH_SANDBOX_ISSUER,
      aud: this.options.appId,
      sub: transaction.nationalId,
      iat: now,
      exp: now + 300,
      status,
      transId: transaction.transId,
      requestId: transaction.requestId,
      service: transaction.service,
      ...(status === 'COMPLETED' ? person : { nationalId: transaction.nationalId }),
    });
  }

  private async postCallback(body: {
    token: string;
    transId: string;
    requestId: string;
  }): Promise<CallbackDelivery> {
    const url = (await this.store.callbackUrl()) ?? null;
    if (!url) {
      this.logger.warn('no Nafath callback URL configured (NAFATH_CALLBACK_URL): callback not sent');
      return { url, status: null, error: 'no callback URL configured' };
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { url, status: response.status };
    } catch (error) {
      this.logger.warn({ url, err: String(error) }, 'Nafath callback failed');
      return { url, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
