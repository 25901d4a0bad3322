import {
  type ArgumentsHost,
  Catch,
  type CanActivate,
  type ExceptionFilter,
  Controller,
  type DynamicModule,
  type ExecutionContext,
  Get,
  HttpException,
  Inject,
  Injectable,
  Module,
  Query,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Public, type RouteDoc } from '@manzil/nest-kit';
import type { RegaSandboxOptions } from './rega.config.js';
import { advertisementOf, findLicence } from './rega.licences.js';

const REGA_OPTIONS = Symbol('REGA_OPTIONS');

export const validatorQuerySchema = z.object({
  adLicenseNumber: z.string().min(1).max(30),
  advertiserId: z.string().min(1).max(30),
  idType: z.enum(['1', '2', '3']),
});

const validatorAnswerSchema = z.object({
  Header: z.object({ Status: z.object({ Code: z.number(), Description: z.string() }) }),
  Body: z.object({
    result: z.object({
      isValid: z.boolean(),
      message: z.string(),
      advertisement: z.record(z.string(), z.unknown()).nullable(),
    }),
  }),
});

const CLIENT_HEADERS = 'X-IBM-Client-Id and X-IBM-Client-Secret headers; bare JSON, not the envelope';

export const REGA_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v2/brokerage/AdvertisementValidator',
    summary: `REGA advertisement validator: the licence of an advertiser's ad (${CLIENT_HEADERS})`,
    query: validatorQuerySchema,
    results: validatorAnswerSchema,
    answers: 'json',
    protocol: 'rega',
  },
];

class RegaError extends HttpException {
  constructor(status: number, code: string, message: string) {
    super({ Header: { Status: { Code: status, Description: message } }, code }, status);
  }
}

/** The provider's errors are its own JSON, not our envelope. */
@Catch(RegaError)
class RegaErrorFilter implements ExceptionFilter {
  catch(exception: RegaError, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(exception.getStatus()).json(exception.getResponse());
  }
}

/** The platform's client id and secret, as on the regulator's API gateway. */
@Injectable()
class RegaClientGuard implements CanActivate {
  constructor(@Inject(REGA_OPTIONS) private readonly options: RegaSandboxOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (
      request.header('X-IBM-Client-Id') !== this.options.clientId ||
      request.header('X-IBM-Client-Secret') !== this.options.clientSecret
    )
      throw new RegaError(401, 'UNAUTHORIZED', 'Invalid client id or secret');
    return true;
  }
}

/**
 * The validator the platform calls for a Saudi ad: valid → `isValid: true` with the licence;
 * expired → `isValid: false` with the licence (its `endDate` passed); unknown (or another
 * advertiser's licence) → `isValid: false`, no advertisement. Answers the provider's way.
 */
@Controller('v2/brokerage')
@Public()
@UseGuards(RegaClientGuard)
@UseFilters(RegaErrorFilter)
class RegaValidatorController {
  @Get('AdvertisementValidator')
  validate(@Query() query: unknown, @Res() response: Response): void {
    const parsed = validatorQuerySchema.safeParse(query);
    if (!parsed.success) {
      response.status(400).json({
        Header: {
          Status: { Code: 400, Description: 'adLicenseNumber, advertiserId and idType are required' },
        },
      });
      return;
    }
    const licence = findLicence(parsed.data.advertiserId, parsed.data.adLicenseNumber);
    const advertisement = licence ? advertisementOf(licence) : null;
    const expired = licence ? licence.endsInDays < 0 : false;
    const message = !licence
      ? 'Advertisement not found'
      : expired
        ? 'Advertisement license expired'
        : 'Valid';
    response.status(200).json({
      Header: { Status: { Code: 200, Description: 'Success' } },
      Body: { result: { isValid: Boolean(licence) && !expired, message, advertisement } },
    });
  }
}

@Module({})
export class RegaSandboxModule {
  static forRoot(options: RegaSandboxOptions): DynamicModule {
    return {
      module: RegaSandboxModule,
      controllers: [RegaValidatorController],
      providers: [{ provide: REGA_OPTIONS, useValue: options }, RegaClientGuard],
    };
  }
}
