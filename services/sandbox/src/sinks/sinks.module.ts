import { type DynamicModule, Module } from '@nestjs/common';
import type { RouteDoc } from '@manzil/nest-kit';
import {
  emailMessageSchema,
  emailPageSchema,
  listEmailQuerySchema,
  listSmsQuerySchema,
  sendEmailSchema,
  sendSmsSchema,
  smsMessageSchema,
  smsPageSchema,
} from './message.schema.js';
import { SINK_NAMESPACE, SinkStore } from './sink.store.js';
import { EmailController, SmsController } from './sinks.controller.js';

export const SINK_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/sms',
    summary: 'Send an SMS (kept in the sink)',
    body: sendSmsSchema,
    results: smsMessageSchema,
  },
  {
    method: 'get',
    path: '/v1/sms',
    summary: 'SMS sent, newest first',
    query: listSmsQuerySchema,
    results: smsPageSchema,
  },
  {
    method: 'post',
    path: '/v1/email',
    summary: 'Send an e-mail (kept in the sink)',
    body: sendEmailSchema,
    results: emailMessageSchema,
  },
  {
    method: 'get',
    path: '/v1/email',
    summary: 'E-mails sent, newest first',
    query: listEmailQuerySchema,
    results: emailPageSchema,
  },
];

@Module({})
export class SinksModule {
  static forRoot(namespace: string): DynamicModule {
    return {
      module: SinksModule,
      controllers: [SmsController, EmailController],
      providers: [{ provide: SINK_NAMESPACE, useValue: namespace }, SinkStore],
    };
  }
}
