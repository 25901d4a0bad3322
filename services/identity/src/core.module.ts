import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createSmsSender, SMS_SENDER } from '@manzil/nest-kit';
import { createObjectStorage, OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import type { ServiceConfig } from './config.js';
import { IDENTITY_CONFIG } from './shared/config.token.js';
import { OtpService } from './otp/otp.service.js';
import { createEmailSender, EMAIL_SENDER } from './otp/email-sender.js';
import { RateLimiter } from './shared/rate-limiter.js';
import { REDIS_PREFIX } from './shared/redis-keys.js';
import { DEFAULT_MEDIA_DIR, UploadsService } from './uploads/uploads.service.js';

/** Lets go of the storage client (its sockets) with the application. */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

/**
 * What every feature of the service shares (global, so the Nafath and Google modules use
 * them too): the configuration, the OTP service and its SMS and e-mail ports, the rate limiter, uploads
 * and the object storage they keep their bytes in.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    // Chosen (and checked) now, so a wrong e-mail configuration stops the boot with one line.
    const emailSender = createEmailSender(config);
    const smsSender = createSmsSender(config);
    const storage = createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR });
    return {
      module: CoreModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: REDIS_PREFIX, useValue: `${config.BUS_NAMESPACE}:identity` },
        { provide: SMS_SENDER, useValue: smsSender },
        { provide: EMAIL_SENDER, useValue: emailSender },
        { provide: OBJECT_STORAGE, useValue: storage },
        StorageLifecycle,
        OtpService,
        RateLimiter,
        UploadsService,
      ],
      exports: [
        IDENTITY_CONFIG,
        REDIS_PREFIX,
        SMS_SENDER,
        EMAIL_SENDER,
        OBJECT_STORAGE,
        OtpService,
        RateLimiter,
        UploadsService,
      ],
    };
  }
}
