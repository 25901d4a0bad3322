import { type DynamicModule, Global, Module } from '@nestjs/common';
import { JwksController } from './jwks.controller.js';
import { SessionRevocations } from './session-revocations.js';
import { SIGNING_KEYS, type SigningKeys } from './signing-keys.js';
import { TokensService } from './tokens.service.js';

/** Global: Nafath and Google sign-in issue sessions too. */
@Global()
@Module({})
export class TokensModule {
  static forRoot(keys: SigningKeys): DynamicModule {
    return {
      module: TokensModule,
      controllers: [JwksController],
      providers: [{ provide: SIGNING_KEYS, useValue: keys }, SessionRevocations, TokensService],
      exports: [TokensService, SessionRevocations],
    };
  }
}
