import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { errorMessage, type ApiEnvelope, type Language } from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit';

export interface UnverifiedResults {
  verified: false;
  countryCode: string;
  mobile: string;
  purpose: 'signup';
}

/** A right password for an account whose mobile is not verified yet: 403 carrying what /otpVerify needs. */
export class UnverifiedAccountException extends Error {
  constructor(readonly results: UnverifiedResults) {
    super('ACCOUNT_UNVERIFIED');
  }
}

/** The envelope of the kit's filter, with `unverifiedResultsSchema` results (spec §4 login outcome). */
@Catch(UnverifiedAccountException)
export class UnverifiedAccountFilter implements ExceptionFilter {
  catch(exception: UnverifiedAccountException, host: ArgumentsHost): void {
    const language: Language = currentContext()?.language ?? 'en';
    const body: ApiEnvelope<UnverifiedResults & { code: 'ACCOUNT_UNVERIFIED' }> = {
      status: 403,
      success: false,
      message: errorMessage('ACCOUNT_UNVERIFIED', language),
      results: { ...exception.results, code: 'ACCOUNT_UNVERIFIED' },
    };
    host.switchToHttp().getResponse<Response>().status(403).json(body);
  }
}
