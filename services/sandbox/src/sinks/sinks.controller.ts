import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import type { Page } from '@manzil/contracts';
import { AppException, Public, ZodPipe } from '@manzil/nest-kit';
import {
  codeIn,
  listEmailQuerySchema,
  listSmsQuerySchema,
  sendEmailSchema,
  sendSmsSchema,
  sinkDelaySchema,
  smsFailuresSchema,
  type EmailMessage,
  type ListEmailQuery,
  type ListSmsQuery,
  type SendEmail,
  type SendSms,
  type SinkDelay,
  type SmsFailures,
  type SmsMessage,
} from './message.schema.js';
import { SinkStore } from './sink.store.js';

/** The SMS provider of development: accepts a message, "delivers" it into the sink. */
@Controller('v1/sms')
@Public()
export class SmsController {
  constructor(private readonly store: SinkStore) {}

  @Post()
  async send(@Body(new ZodPipe(sendSmsSchema)) sms: SendSms): Promise<SmsMessage> {
    // A provider that is down (test control `PUT /sandbox/sms/failures`): 503, nothing kept.
    if (await this.store.takeSmsFailure()) throw new AppException('SERVICE_UNAVAILABLE');
    const message: SmsMessage = {
      id: randomUUID(),
      to: sms.to,
      body: sms.body,
      code: codeIn(sms.body),
      status: 'delivered',
      sentAt: new Date().toISOString(),
    };
    await this.store.add('sms', message.to, message);
    // Taken, then answered late (test control `PUT /sandbox/sms/delay`).
    await sleep(await this.store.takeDelay('sms'));
    return message;
  }

  @Get()
  list(@Query(new ZodPipe(listSmsQuerySchema)) query: ListSmsQuery): Promise<Page<SmsMessage>> {
    return this.store.list<SmsMessage>('sms', query.to, query.page, query.limit);
  }
}

/**
 * Test and demo control (ours, not the provider's): the next N sends of either SMS endpoint are
 * refused, so a sender's retries can be seen working.
 */
@Controller('sandbox/sms/failures')
@Public()
export class SmsFailuresController {
  constructor(private readonly store: SinkStore) {}

  @Put()
  async set(@Body(new ZodPipe(smsFailuresSchema)) body: SmsFailures): Promise<SmsFailures> {
    return { count: await this.store.failNextSms(body.count) };
  }

  @Get()
  async get(): Promise<SmsFailures> {
    return { count: await this.store.pendingSmsFailures() };
  }
}

/**
 * Test control (ours): the next N sends of a channel are kept, as a provider that took them,
 * but answered only after `ms`: how a sender's timeout (the outcome unknown to it) is tested.
 */
@Controller('sandbox')
@Public()
export class SinkDelayController {
  constructor(private readonly store: SinkStore) {}

  @Put('sms/delay')
  setSms(@Body(new ZodPipe(sinkDelaySchema)) body: SinkDelay): Promise<SinkDelay> {
    return this.store.delayNext('sms', body);
  }

  @Get('sms/delay')
  getSms(): Promise<SinkDelay> {
    return this.store.pendingDelay('sms');
  }

  @Put('email/delay')
  setEmail(@Body(new ZodPipe(sinkDelaySchema)) body: SinkDelay): Promise<SinkDelay> {
    return this.store.delayNext('email', body);
  }

  @Get('email/delay')
  getEmail(): Promise<SinkDelay> {
    return this.store.pendingDelay('email');
  }
}

/** The e-mail sink: what the SMTP adapter would have sent. */
@Controller('v1/email')
@Public()
export class EmailController {
  constructor(private readonly store: SinkStore) {}

  @Post()
  async send(@Body(new ZodPipe(sendEmailSchema)) email: SendEmail): Promise<EmailMessage> {
    const message: EmailMessage = {
      id: randomUUID(),
      to: email.to,
      subject: email.subject,
      text: email.text ?? null,
      html: email.html ?? null,
      code: codeIn(email.text ?? email.html?.replace(/<[^>]*>/g, ' ')),
      status: 'delivered',
      sentAt: new Date().toISOString(),
    };
    await this.store.add('email', message.to, message);
    // Taken, then answered late (test control `PUT /sandbox/email/delay`).
    await sleep(await this.store.takeDelay('email'));
    return message;
  }

  @Get()
  list(@Query(new ZodPipe(listEmailQuerySchema)) query: ListEmailQuery): Promise<Page<EmailMessage>> {
    return this.store.list<EmailMessage>('email', query.to, query.page, query.limit);
  }
}
