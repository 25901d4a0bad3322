import { type DynamicModule, Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ServiceConfig } from './config.js';
import { IDENTITY_CONFIG } from './shared/config.token.js';
import { OtpService } from './otp/otp.service.js';
import { createEmailSender, EMAIL_SENDER } from './otp/email-sender.js';
import { createSmsSender, SMS_SENDER } from './otp/sms-sender.js';
import { RateLimiter } from './shared/rate-limiter.js';
import { REDIS_PREFIX } from './shared/redis-keys.js';
import { UploadsService } from './uploads/uploads.service.js';

/** Express believes X-Forwarded-For only from TRUST_PROXY (the gateway), for the rate limits per IP. */
@Injectable()
class TrustProxy implements OnModuleInit {
  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    const value = this.config.TRUST_PROXY;
    const setting =
      value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value;
    (
      this.adapter.httpAdapter?.getInstance() as { set?: (name: string, value: unknown) => void } | undefined
    )?.set?.('trust proxy', setting);
  }
}

/**
 * What every feature of the service shares (global, so the Nafath and Google modules use
 * them too): the configuration, the OTP service and its SMS and e-mail ports, the rate limiter, uploads.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    // Chosen (and checked) now, so a wrong e-mail configuration stops the boot with one line.
    const emailSender = createEmailSender(config);
    const smsSender = createSmsSender(config);
    return {
      module: CoreModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: REDIS_PREFIX, useValue: `${config.BUS_NAMESPACE}:identity` },
        { provide: SMS_SENDER, useValue: smsSender },
        { provide: EMAIL_SENDER, useValue: emailSender },
        {
          provide: TrustProxy,
          useFactory: (adapter: HttpAdapterHost) => new TrustProxy(adapter, config),
          inject: [HttpAdapterHost],
        },
        OtpService,
        RateLimiter,
        UploadsService,
      ],
      exports: [
        IDENTITY_CONFIG,
        REDIS_PREFIX,
        SMS_SENDER,
        EMAIL_SENDER,
        OtpService,
        RateLimiter,
        UploadsService,
      ],
    };
  }
}
