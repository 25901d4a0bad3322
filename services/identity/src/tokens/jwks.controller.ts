import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '@manzil/nest-kit';
import { SIGNING_KEYS, type SigningKeys } from './signing-keys.js';

/**
 * The public keys every service verifies tokens with (RFC 7517 JWK set), by `kid`. Sent as
 * is, not in the envelope: JWKS clients read it directly. The services fetch it inside the
 * cluster (`JWT_JWKS_URL`); through the gateway it is public too (public keys are meant to be).
 */
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(SIGNING_KEYS) private readonly keys: SigningKeys) {}

  @Get('jwks.json')
  @Public()
  jwks(@Res() response: Response): void {
    // Services refetch on an unknown kid anyway; this only spares identity identical requests.
    response.setHeader('cache-control', 'public, max-age=300');
    response.json(this.keys.jwks);
  }
}
