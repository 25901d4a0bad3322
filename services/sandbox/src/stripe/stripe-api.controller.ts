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
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppException, Public } from '@manzil/nest-kit';
import type { StripeSandboxOptions } from './stripe.config.js';
import { createSessionBodySchema, StripeApiError } from './stripe.schema.js';
import { StripeSandboxService } from './stripe.service.js';
import { STRIPE_OPTIONS } from './stripe.store.js';

/** Stripe's API authenticates with the secret key as a bearer token (or basic user). */
@Injectable()
export class StripeKeyGuard implements CanActivate {
  constructor(@Inject(STRIPE_OPTIONS) private readonly options: StripeSandboxOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const [scheme, value = ''] = header.split(' ');
    const key =
      scheme === 'Bearer'
        ? value
        : scheme === 'Basic'
          ? Buffer.from(value, 'base64').toString().split(':')[0]
          : '';
    if (key !== this.options.secretKey) {
      throw new StripeApiError(401, 'authentication_error', 'Invalid API Key provided');
    }
    return true;
  }
}

/** Errors the way Stripe answers them, so the official client raises its own error types. */
@Catch()
export class StripeErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('stripe');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const send = (status: number, error: Record<string, unknown>) => response.status(status).json({ error });
    if (exception instanceof StripeApiError) {
      send(exception.status, {
        type: exception.type,
        message: exception.message,
        ...(exception.code ? { code: exception.code } : {}),
        ...(exception.param ? { param: exception.param } : {}),
      });
    } else if (
      exception instanceof HttpException ||
      (exception instanceof AppException && exception.status < 500)
    ) {
      const status = exception instanceof HttpException ? exception.getStatus() : exception.status;
      send(status, { type: 'invalid_request_error', message: exception.message });
    } else {
      this.logger.error({ err: exception }, 'stripe sandbox failed');
      send(500, { type: 'api_error', message: 'An error occurred with our connection to Stripe.' });
    }
  }
}

/** Where the caller reached us: the default base of the hosted page's URL. */
function baseUrlOf(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? '127.0.0.1'}`;
}

/** The subset of Stripe's API that payments uses: Checkout Sessions create, retrieve, expire. */
@Controller('v1/checkout/sessions')
@Public()
@UseGuards(StripeKeyGuard)
@UseFilters(StripeErrorFilter)
export class StripeApiController {
  constructor(private readonly stripe: StripeSandboxService) {}

  @Post()
  async create(@Req() request: Request, @Body() body: unknown, @Res() response: Response): Promise<void> {
    const parsed = createSessionBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid ${issue.path.join('.')}: ${issue.message}`,
        'parameter_invalid',
        issue.path.join('.'),
      );
    }
    const session = await this.stripe.createSession(
      parsed.data,
      baseUrlOf(request),
      request.header('idempotency-key'),
    );
    response.status(200).json(session);
  }

  @Get(':id')
  async retrieve(@Param('id') id: string, @Res() response: Response): Promise<void> {
    response.status(200).json(await this.stripe.find(id));
  }

  @Post(':id/expire')
  async expire(@Param('id') id: string, @Res() response: Response): Promise<void> {
    response.status(200).json(await this.stripe.expire(id));
  }
}
