import { Logger } from '@nestjs/common';
import { AppException } from '@manzil/nest-kit';

/** The port OTPs and notices leave through; the adapter is chosen by configuration. */
export interface SmsSender {
  /** `to` in international form: "+971501234567". */
  send(to: string, body: string): Promise<void>;
}
export const SMS_SENDER = Symbol('SMS_SENDER');

/**
 * Posts to an HTTP SMS API shaped like Unifonic/Twilio (`POST { to, body }`), whose
 * development target is the sandbox's sink. The sink keeps every code readable by anyone,
 * so this adapter refuses to exist in production.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly logger = new Logger('sms');

  constructor(
    private readonly url: string,
    nodeEnv: string,
  ) {
    if (nodeEnv === 'production') {
      throw new Error(
        'the sandbox SMS sink is refused with NODE_ENV=production: configure a real SMS provider adapter',
      );
    }
  }

  async send(to: string, body: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      this.logger.error({ err: error }, 'SMS provider unreachable');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.error({ status: response.status }, 'SMS provider refused the message');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
  }
}
