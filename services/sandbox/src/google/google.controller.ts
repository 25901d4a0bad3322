import {
  type ArgumentsHost,
  Body,
  Catch,
  Controller,
  type ExceptionFilter,
  Get,
  HttpCode,
  HttpException,
  Logger,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppException, Public, ZodPipe } from '@manzil/nest-kit';
import { escapeHtml, page } from '../nafath/html.js';
import { GoogleIssuerService, ID_TOKEN_SECONDS, OAuthError } from './google.service.js';

/** Google's endpoints answer `{ error, error_description }` on failure, not our envelope. */
@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('google');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof OAuthError) {
      response
        .status(exception.status)
        .json({ error: exception.error, error_description: exception.description });
      return;
    }
    // The kit's guard (a malformed bearer token) and the body parsers (broken JSON or form)
    // refuse before our code runs: still the client's mistake, still in OAuth's words.
    const status =
      exception instanceof AppException
        ? exception.status
        : exception instanceof HttpException
          ? exception.getStatus()
          : 500;
    if (status < 500) {
      response.status(status).json({
        error: status === 401 ? 'invalid_client' : 'invalid_request',
        error_description: exception instanceof AppException ? exception.code : (exception as Error).message,
      });
      return;
    }
    this.logger.error({ err: exception }, 'google sandbox failed');
    response.status(500).json({ error: 'server_error', error_description: 'Internal error' });
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

function redirectUriOf(value: unknown): string {
  const uri = text(value);
  if (!uri) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  try {
    const url = new URL(uri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return uri;
  } catch {
    throw new OAuthError(400, 'invalid_request', 'Invalid parameter value for redirect_uri');
  }
}

const DEMO_IDENTITIES = [
  { email: 'layla.demo@gmail.com', name: 'Layla Hassan' },
  { email: 'ahmed.demo@gmail.com', name: 'Ahmed Al-Farsi' },
  { email: 'sara.demo@gmail.com', name: 'Sara Al-Mansoori' },
];

/** Test control body: mint an ID token directly, with any claim bent to test a refusal. */
export const mintSchema = z.object({
  email: z.email(),
  name: z.string().min(1).max(100).optional(),
  givenName: z.string().max(50).optional(),
  familyName: z.string().max(50).optional(),
  picture: z.url().optional(),
  emailVerified: z.boolean().default(true),
  /** `aud`; default: the first GOOGLE_CLIENT_IDS entry or the dev client id. */
  aud: z.string().min(1).optional(),
  /** `iss`; default: the issuer URL. */
  iss: z.string().min(1).optional(),
  nonce: z.string().optional(),
  /** Negative for a token already expired. */
  expiresInSeconds: z.number().int().min(-86400).max(86400).optional(),
});

/** A Google-compatible OIDC issuer (INTEGRATIONS.md "Google sign-in"). */
@Controller()
@Public()
export class GoogleController {
  constructor(private readonly google: GoogleIssuerService) {}

  @Get('.well-known/openid-configuration')
  discovery(@Req() request: Request, @Res() response: Response): void {
    response.json(this.google.discovery(this.google.issuer(request)));
  }

  @Get('oauth2/v3/certs')
  async certs(@Res() response: Response): Promise<void> {
    response.json(await this.google.jwks());
  }

  /** The consent page: choose or type an identity, then back to the client. */
  @Get('o/oauth2/v2/auth')
  @UseFilters(OAuthErrorFilter)
  consent(@Query() query: Record<string, unknown>, @Res() response: Response): void {
    const clientId = this.google.checkClient(text(query.client_id));
    const redirectUri = redirectUriOf(query.redirect_uri);
    const hidden = {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: text(query.response_type) ?? 'id_token',
      scope: text(query.scope) ?? 'openid email profile',
      state: text(query.state) ?? '',
      nonce: text(query.nonce) ?? '',
    };
    const hiddenInputs = Object.entries(hidden)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    const choices = DEMO_IDENTITIES.map(
      (identity) => `<form method="post" action="auth" style="display:inline">${hiddenInputs}
<input type="hidden" name="email" value="${escapeHtml(identity.email)}"><input type="hidden" name="name" value="${escapeHtml(identity.name)}"><input type="hidden" name="email_verified" value="on">
<button type="submit">${escapeHtml(identity.name)} &lt;${escapeHtml(identity.email)}&gt;</button></form>`,
    ).join(' ');
    const body = `<h1>Sign in with Google (sandbox)</h1>
<p class="muted">${escapeHtml(clientId)} wants your name, e-mail address and picture.</p>
<p>${choices}</p>
<form method="post" action="auth">${hiddenInputs}
<label>E-mail <input type="email" name="email" required value="${escapeHtml(text(query.login_hint) ?? '')}"></label>
<label>Name <input type="text" name="name" maxlength="100"></label>
<label>Picture URL <input type="url" name="picture"></label>
<label><input type="checkbox" name="email_verified" checked> E-mail verified</label>
<button class="ok" type="submit">Continue</button> <button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
</form>`;
    response.status(200).type('html').send(page('Sign in with Google (sandbox)', body));
  }

  /** The consent page's answer: redirect with `#id_token=` (implicit) or `?code=`. */
  @Post('o/oauth2/v2/auth')
  @UseFilters(OAuthErrorFilter)
  async decide(
    @Req() request: Request,
    @Body() body: Record<string, unknown>,
    @Res() response: Response,
  ): Promise<void> {
    const form = body ?? {};
    const clientId = this.google.checkClient(text(form.client_id));
    const redirect = new URL(redirectUriOf(form.redirect_uri));
    const responseType = text(form.response_type) ?? 'id_token';
    const state = text(form.state);
    const params = new URLSearchParams();
    if (form.action === 'deny') {
      params.set('error', 'access_denied');
    } else {
      const email = text(form.email);
      if (!email || !z.email().safeParse(email).success)
        throw new OAuthError(400, 'invalid_request', 'A valid e-mail is required');
      const idToken = await this.google.mint({
        issuer: this.google.issuer(request),
        audience: clientId,
        email,
        name: text(form.name),
        picture: text(form.picture),
        emailVerified: form.email_verified === 'on' || form.email_verified === 'true',
        nonce: text(form.nonce),
      });
      if (responseType.split(' ').includes('code')) {
        params.set(
          'code',
          await this.google.issueCode({
            clientId,
            redirectUri: redirect.toString(),
            scope: text(form.scope) ?? 'openid email profile',
            idToken,
          }),
        );
      } else {
        params.set('id_token', idToken);
        params.set('token_type', 'Bearer');
        params.set('expires_in', String(ID_TOKEN_SECONDS));
      }
    }
    if (state) params.set('state', state);
    const code = params.has('code') || params.has('error');
    if (code) {
      for (const [key, value] of params) redirect.searchParams.set(key, value);
    } else {
      redirect.hash = params.toString();
    }
    response.redirect(302, redirect.toString());
  }

  /** Code → tokens (form-encoded or JSON; client id in the body or Basic auth). */
  @Post('token')
  @HttpCode(200)
  @UseFilters(OAuthErrorFilter)
  async token(
    @Req() request: Request,
    @Body() body: Record<string, unknown>,
    @Res() response: Response,
  ): Promise<void> {
    const form = body ?? {};
    if (form.grant_type !== 'authorization_code') {
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        'Invalid grant_type: ' + String(form.grant_type ?? ''),
      );
    }
    const code = text(form.code);
    if (!code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
    const basic = /^Basic (.+)$/.exec(request.header('authorization') ?? '')?.[1];
    const basicClient = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined;
    const clientId = this.google.checkClient(text(form.client_id) ?? basicClient);
    const stored = await this.google.redeemCode(code, clientId, text(form.redirect_uri));
    response.status(200).json({
      access_token: `ya29.sandbox-${code.slice(2, 18)}`,
      expires_in: ID_TOKEN_SECONDS - 1,
      token_type: 'Bearer',
      scope: stored.scope,
      id_token: stored.idToken,
    });
  }

  /** Test control: an ID token for any identity, with aud/iss/exp/email_verified to taste. */
  @Post('sandbox/google/id-token')
  @HttpCode(200)
  async mint(
    @Req() request: Request,
    @Body(new ZodPipe(mintSchema)) body: z.infer<typeof mintSchema>,
  ): Promise<{ id_token: string }> {
    const idToken = await this.google.mint({
      issuer: body.iss ?? this.google.issuer(request),
      audience: body.aud ?? this.google.defaultClientId(),
      email: body.email,
      name: body.name,
      givenName: body.givenName,
      familyName: body.familyName,
      picture: body.picture,
      emailVerified: body.emailVerified,
      nonce: body.nonce,
      expiresInSeconds: body.expiresInSeconds,
    });
    return { id_token: idToken };
  }
}
