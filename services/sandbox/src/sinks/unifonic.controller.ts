import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Body, Controller, Inject, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { Public } from '@manzil/nest-kit';
import { codeIn, type SmsMessage } from './message.schema.js';
import { SinkStore } from './sink.store.js';

/** The AppSid the sandbox's Unifonic accepts (dev default; UNIFONIC_APP_SID overrides it). */
export const DEV_UNIFONIC_APP_SID = 'manzil-dev';
export const UNIFONIC_APP_SID = Symbol('UNIFONIC_APP_SID');

/** Unifonic's REST send: form-encoded, the recipient in digits without "+". */
export const unifonicSendSchema = z.object({
  AppSid: z.string().min(1),
  SenderID: z.string().min(1).max(11),
  Recipient: z.string().regex(/^\d{6,15}$/),
  Body: z.string().min(1).max(1600),
  responseType: z.string().optional(),
});

/**
 * Unifonic's REST messages API (`POST /rest/SMS/messages`), as the production adapter
 * (identity's `UnifonicSmsSender`) speaks it: answers `{ success, message, errorCode, data }`
 * in Unifonic's own JSON, not our envelope. Accepted messages land in the same SMS sink as
 * `/v1/sms`, so a stack that runs identity with NODE_ENV=production (docker-compose's dev
 * profile) still shows its OTPs to the demo.
 */
@Controller('rest/SMS')
@Public()
export class UnifonicController {
  constructor(
    private readonly store: SinkStore,
    @Inject(UNIFONIC_APP_SID) private readonly appSid: string,
  ) {}

  @Post('messages')
  async send(@Body() body: unknown, @Res() response: Response): Promise<void> {
    const parsed = unifonicSendSchema.safeParse(body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? 'request';
      response.status(400).json({ success: false, errorCode: 'ER-02', message: `${field} is invalid` });
      return;
    }
    if (parsed.data.AppSid !== this.appSid) {
      response.status(401).json({ success: false, errorCode: 'ER-01', message: 'Invalid AppSid' });
      return;
    }
    // A provider that is down (test control `PUT /sandbox/sms/failures`): nothing is kept.
    if (await this.store.takeSmsFailure()) {
      response
        .status(503)
        .json({ success: false, errorCode: 'ER-503', message: 'Service temporarily unavailable' });
      return;
    }
    const message: SmsMessage = {
      id: randomUUID(),
      to: `+${parsed.data.Recipient}`,
      body: parsed.data.Body,
      code: codeIn(parsed.data.Body),
      status: 'delivered',
      sentAt: new Date().toISOString(),
    };
    await this.store.add('sms', message.to, message);
    // Taken, then answered late (test control `PUT /sandbox/sms/delay`).
    await sleep(await this.store.takeDelay('sms'));
    response.status(200).json({
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: { MessageID: message.id, Status: 'Sent', NumberOfUnits: 1, Cost: 0, DateCreated: message.sentAt },
    });
  }
}
