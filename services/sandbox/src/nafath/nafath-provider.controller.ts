import {
  type ArgumentsHost,
  Body,
  Catch,
  type CanActivate,
  Controller,
  type ExceptionFilter,
  type ExecutionContext,
  Get,
  HttpException,
  Inject,
  Injectable,
  Logger,
  Post,
  Query,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { AppException, Public } from '@manzil/nest-kit';
import type { NafathSandboxOptions } from './nafath.config.js';
import {
  mfaRequestBodySchema,
  mfaRequestQuerySchema,
  mfaStatusBodySchema,
  NafathError,
} from './nafath.schema.js';
import { NAFATH_SIGNING_KEY } from './nafath.service.js';
import { NAFATH_OPTIONS, NafathStore } from './nafath.store.js';
import type { SigningKey } from './signing-key.js';

/** Every call carries the platform's APP-ID and APP-KEY headers. */
@Injectable()
export class NafathAppGuard implements CanActivate {
  constructor(@Inject(NAFATH_OPTIONS) private readonly options: NafathSandboxOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (
      request.header('APP-ID') !== this.options.appId ||
      request.header('APP-KEY') !== this.options.appKey
    ) {
      throw new NafathError(401, 'UNAUTHORIZED', 'Invalid APP-ID or APP-KEY');
    }
    return true;
  }
}

/**
 * The provider endpoints answer the provider's way, not in our envelope: bare JSON on
 * success, `{ code, message }` with the HTTP status on error (decision: README).
 */
@Catch()
export class NafathErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('nafath');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof NafathError) {
      response.status(exception.status).json({ code: exception.code, message: exception.message });
    } else if (exception instanceof HttpException) {
      response.status(exception.getStatus()).json({ code: 'INVALID_REQUEST', message: exception.message });
    } else if (exception instanceof AppException && exception.status < 500) {
      // Refused by the kit before our code ran (a malformed bearer token): the client's mistake.
      response.status(exception.status).json({ code: exception.code, message: exception.message });
    } else {
      this.logger.error({ err: exception }, 'nafath sandbox failed');
      response.status(500).json({ code: 'INTERNAL_ERROR', message: 'Internal error' });
    }
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    throw new NafathError(400, 'INVALID_REQUEST', detail);
  }
  return parsed.data;
}

/** Nafath's MFA API, as the production adapter calls it (INTEGRATIONS.md). */
@Controller('api/v1/mfa')
@Public()
@UseGuards(NafathAppGuard)
@UseFilters(NafathErrorFilter)
export class NafathProviderController {
  constructor(
    private readonly store: NafathStore,
    @Inject(NAFATH_SIGNING_KEY) private readonly key: SigningKey,
  ) {}

  /** `?local=ar|en&requestId=<uuid>` `{ nationalId, service }` → `{ transId, random }`. */
  @Post('request')
  async request(@Query() query: unknown, @Body() body: unknown, @Res() response: Response): Promise<void> {
    const { local, requestId } = parse(mfaRequestQuerySchema, query);
    const { nationalId, service } = parse(mfaRequestBodySchema, body);
    const transaction = await this.store.create({ requestId, nationalId, service, local });
    response.status(200).json({ transId: transaction.transId, random: transaction.random });
  }

  /** `{ nationalId, transId, random }` → `{ status }`; all three must match the request. */
  @Post('request/status')
  async status(@Body() body: unknown, @Res() response: Response): Promise<void> {
    const { nationalId, transId, random } = parse(mfaStatusBodySchema, body);
    const transaction = await this.store.get(transId);
    if (!transaction || transaction.nationalId !== nationalId || transaction.random !== random) {
      throw new NafathError(404, 'NOT_FOUND', 'No request matches nationalId, transId and random');
    }
    response.status(200).json({ status: await this.store.status(transaction) });
  }

  /** The public keys of the callback tokens (JWKS). */
  @Get('jwk')
  async jwk(@Res() response: Response): Promise<void> {
    response.status(200).json(await this.key.jwks());
  }
}
