import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import express from 'express';
import { z } from 'zod';
import type { RouteDoc } from '@manzil/nest-kit';
import {
  emailMessageSchema,
  emailPageSchema,
  listEmailQuerySchema,
  listSmsQuerySchema,
  sendEmailSchema,
  sendSmsSchema,
  sinkDelaySchema,
  smsFailuresSchema,
  smsMessageSchema,
  smsPageSchema,
} from './message.schema.js';
import { SINK_NAMESPACE, SinkStore } from './sink.store.js';
import {
  EmailController,
  SinkDelayController,
  SmsController,
  SmsFailuresController,
} from './sinks.controller.js';
import {
  DEV_UNIFONIC_APP_SID,
  UNIFONIC_APP_SID,
  UnifonicController,
  unifonicSendSchema,
} from './unifonic.controller.js';

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
    method: 'put',
    path: '/sandbox/sms/failures',
    summary: 'Test control: the next `count` SMS sends (either endpoint) are refused with 503 (0 clears)',
    body: smsFailuresSchema,
    results: smsFailuresSchema,
  },
  {
    method: 'get',
    path: '/sandbox/sms/failures',
    summary: 'Test control: how many SMS sends are still to be refused',
    results: smsFailuresSchema,
  },
  ...(['sms', 'email'] as const).flatMap((channel): RouteDoc[] => [
    {
      method: 'put',
      path: `/sandbox/${channel}/delay`,
      summary: `Test control: the next \`count\` ${channel} sends are kept but answered after \`ms\` (a provider answering late; 0 clears)`,
      body: sinkDelaySchema,
      results: sinkDelaySchema,
    },
    {
      method: 'get',
      path: `/sandbox/${channel}/delay`,
      summary: `Test control: the ${channel} sends still to be answered late, and how late`,
      results: sinkDelaySchema,
    },
  ]),
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
  {
    method: 'post',
    path: '/rest/SMS/messages',
    summary:
      "Unifonic's REST send (form-encoded AppSid, SenderID, Recipient, Body; Unifonic's JSON, not the envelope), kept in the SMS sink",
    body: unifonicSendSchema,
    results: z.object({ success: z.boolean(), message: z.string(), errorCode: z.string() }),
    answers: 'json',
    protocol: 'unifonic',
  },
];

@Module({})
export class SinksModule implements NestModule {
  static forRoot(namespace: string, unifonicAppSid = DEV_UNIFONIC_APP_SID): DynamicModule {
    return {
      module: SinksModule,
      controllers: [
        SmsController,
        SmsFailuresController,
        SinkDelayController,
        EmailController,
        UnifonicController,
      ],
      providers: [
        { provide: SINK_NAMESPACE, useValue: namespace },
        { provide: UNIFONIC_APP_SID, useValue: unifonicAppSid },
        SinkStore,
      ],
    };
  }

  /** Unifonic's send is form-encoded, as the provider's is. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(express.urlencoded({ extended: false, limit: '64kb' }))
      .forRoutes({ path: 'rest/SMS/messages', method: RequestMethod.POST });
  }
}
