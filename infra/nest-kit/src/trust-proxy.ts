import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

import { trustProxySetting } from './trust-proxy-setting.js';

export { trustProxySchema, trustProxySetting } from './trust-proxy-setting.js';

export const TRUST_PROXY = Symbol('TRUST_PROXY');

/** Sets Express's "trust proxy" on the application when the module starts. */
@Injectable()
export class TrustProxy implements OnModuleInit {
  constructor(
    private readonly adapter: HttpAdapterHost,
    @Inject(TRUST_PROXY) private readonly value: string,
  ) {}

  onModuleInit(): void {
    const express = this.adapter.httpAdapter?.getInstance() as
      { set?: (name: string, value: unknown) => void } | undefined;
    express?.set?.('trust proxy', trustProxySetting(this.value));
  }
}
