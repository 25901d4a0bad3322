import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { NAFATH_STATUSES, type Language } from '@manzil/contracts';
import type { NafathSettings } from './nafath.config.js';

export const NAFATH_SETTINGS = Symbol('NAFATH_SETTINGS');
const TIMEOUT_MS = 10_000;

/** The provider answered with an error (status 0: it could not be reached). */
export class NafathProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const startedSchema = z.object({ transId: z.string().min(1), random: z.coerce.string().min(1) });
const statusSchema = z.object({ status: z.enum(NAFATH_STATUSES) });

/**
 * The production adapter of Nafath's MFA API (INTEGRATIONS.md): the same code talks to the
 * real provider and, in development and tests, to the sandbox. APP-ID/APP-KEY on every call.
 */
@Injectable()
export class NafathClient {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(@Inject(NAFATH_SETTINGS) private readonly settings: NafathSettings) {
    this.jwks = createRemoteJWKSet(new URL(`${settings.url}/api/v1/mfa/jwk`), {
      headers: this.headers(),
      timeoutDuration: TIMEOUT_MS,
    });
  }

  /** Starts a request → `{ transId, random }` (random: the number the person picks in the app). */
  async request(
    nationalId: string,
    local: Language,
    requestId: string,
  ): Promise<{ transId: string; random: string }> {
    const query = new URLSearchParams({ local, requestId });
    const body = await this.post(`/api/v1/mfa/request?${query}`, {
      nationalId,
      service: this.settings.service,
    });
    return parseAnswer(startedSchema, body);
  }

  async status(
    nationalId: string,
    transId: string,
    random: string,
  ): Promise<(typeof NAFATH_STATUSES)[number]> {
    const body = await this.post('/api/v1/mfa/request/status', { nationalId, transId, random });
    return parseAnswer(statusSchema, body).status;
  }

  /** Verifies a callback token (RS256) against the provider's JWKS; throws when it does not verify. */
  async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.jwks, { algorithms: ['RS256'] });
    return payload;
  }

  private async post(path: string, body: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.url}${path}`, {
        method: 'POST',
        headers: { ...this.headers(), 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new NafathProviderError(0, 'UNREACHABLE', error instanceof Error ? error.message : String(error));
    }
    const answer = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    if (!response.ok) {
      throw new NafathProviderError(
        response.status,
        String(answer?.code ?? response.status),
        String(answer?.message ?? response.statusText),
      );
    }
    return answer;
  }

  private headers(): Record<string, string> {
    return { 'APP-ID': this.settings.appId, 'APP-KEY': this.settings.appKey };
  }
}

function parseAnswer<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new NafathProviderError(502, 'BAD_ANSWER', 'unexpected answer from Nafath');
  return parsed.data;
}
