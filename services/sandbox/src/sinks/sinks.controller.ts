import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import type { Page } from '@manzil/contracts';
import { AppException, Public, ZodPipe } from '@manzil/nest-kit';
import {
  codeIn,
  listEmailQuerySchema,
  listSmsQuerySchema,
  sendEmailSchema,
  sendSmsSchema,
  smsFailuresSchema,
  type EmailMessage,
  type ListEmailQuery,
  type ListSmsQuery,
  type SendEmail,
  type SendSms,
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
    return message;
  }

  @Get()
  list(@Query(new ZodPipe(listEmailQuerySchema)) query: ListEmailQuery): Promise<Page<EmailMessage>> {
    return this.store.list<EmailMessage>('email', query.to, query.page, query.limit);
  }
}
