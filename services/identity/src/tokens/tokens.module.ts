import { Global, Module } from '@nestjs/common';
import { TokensService } from './tokens.service.js';

/** Global: Nafath and Google sign-in issue sessions too. */
@Global()
@Module({ providers: [TokensService], exports: [TokensService] })
export class TokensModule {}
