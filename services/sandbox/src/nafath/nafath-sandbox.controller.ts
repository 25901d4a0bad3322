import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { AppException, Public, ZodPipe } from '@manzil/nest-kit';
import { escapeHtml, page } from './html.js';
import { NafathError, type NafathStatus, type NafathTransaction } from './nafath.schema.js';
import { NafathSandboxService, type Decision } from './nafath.service.js';
import { NafathStore } from './nafath.store.js';

export const callbackUrlSchema = z.object({ url: z.url().nullable() });
export const listRequestsQuerySchema = z.object({
  nationalId: z.string().optional(),
  status: z.enum(['WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED']).optional(),
});
const backQuerySchema = z.object({ back: z.string().optional() });

export interface RequestView extends NafathTransaction {
  status: NafathStatus;
}

/**
 * Test and demo controls: what the person would do in the Nafath app. Not part of the
 * provider's protocol; JSON in our envelope, plus a tiny page.
 */
@Controller('sandbox/nafath')
@Public()
export class NafathSandboxController {
  constructor(
    private readonly store: NafathStore,
    private readonly nafath: NafathSandboxService,
  ) {}

  /** The latest requests, newest first (filter by national ID and status). */
  @Get('requests')
  async list(
    @Query(new ZodPipe(listRequestsQuerySchema)) query: z.infer<typeof listRequestsQuerySchema>,
  ): Promise<RequestView[]> {
    const rows = await this.store.recent();
    return rows
      .map(({ transaction, status }) => ({ ...transaction, status }))
      .filter(
        (row) =>
          (query.nationalId === undefined || row.nationalId === query.nationalId) &&
          (query.status === undefined || row.status === query.status),
      );
  }

  @Post(':transId/approve')
  @HttpCode(200)
  approve(
    @Param('transId', ParseUUIDPipe) transId: string,
    @Query(new ZodPipe(backQuerySchema)) query: { back?: string },
    @Res({ passthrough: true }) response: Response,
  ): Promise<Decision | void> {
    return this.act(this.nafath.decide(transId, 'COMPLETED'), query, response);
  }

  @Post(':transId/reject')
  @HttpCode(200)
  reject(
    @Param('transId', ParseUUIDPipe) transId: string,
    @Query(new ZodPipe(backQuerySchema)) query: { back?: string },
    @Res({ passthrough: true }) response: Response,
  ): Promise<Decision | void> {
    return this.act(this.nafath.decide(transId, 'REJECTED'), query, response);
  }

  @Post(':transId/expire')
  @HttpCode(200)
  expire(
    @Param('transId', ParseUUIDPipe) transId: string,
    @Query(new ZodPipe(backQuerySchema)) query: { back?: string },
    @Res({ passthrough: true }) response: Response,
  ): Promise<Decision | void> {
    return this.act(this.nafath.expire(transId), query, response);
  }

  /** Where callbacks go from now on (overrides NAFATH_CALLBACK_URL; null restores it). */
  @Put('callback-url')
  async setCallbackUrl(
    @Body(new ZodPipe(callbackUrlSchema)) body: z.infer<typeof callbackUrlSchema>,
  ): Promise<{ url: string | null }> {
    await this.store.setCallbackUrl(body.url);
    return { url: (await this.store.callbackUrl()) ?? null };
  }

  /** The Nafath app's stand-in: waiting requests with Approve / Reject, refreshed every 3 s. */
  @Get()
  async page(@Res() response: Response): Promise<void> {
    const rows = await this.store.recent();
    const waiting = rows.filter((row) => row.status === 'WAITING');
    const done = rows.filter((row) => row.status !== 'WAITING').slice(0, 20);
    const waitingRows = waiting
      .map(
        ({ transaction: t }) => `<tr data-trans-id="${escapeHtml(t.transId)}">
<td>${escapeHtml(t.nationalId)}</td><td class="random">${escapeHtml(t.random)}</td><td>${escapeHtml(t.service)}</td>
<td>${escapeHtml(t.expiresAt)}</td>
<td><form method="post" action="nafath/${escapeHtml(t.transId)}/approve?back=1" style="display:inline"><button class="ok" type="submit">Approve</button></form>
<form method="post" action="nafath/${escapeHtml(t.transId)}/reject?back=1" style="display:inline"><button class="no" type="submit">Reject</button></form>
<form method="post" action="nafath/${escapeHtml(t.transId)}/expire?back=1" style="display:inline"><button type="submit">Let expire</button></form></td></tr>`,
      )
      .join('');
    const doneRows = done
      .map(
        ({ transaction: t, status }) =>
          `<tr><td>${escapeHtml(t.nationalId)}</td><td>${escapeHtml(t.random)}</td><td>${escapeHtml(t.service)}</td><td>${escapeHtml(status)}</td></tr>`,
      )
      .join('');
    const body = `<h1>Nafath (sandbox)</h1>
<p class="muted">Stand-in for the Nafath app: approve a request after checking that its number is the one the site shows.</p>
<h2>Waiting</h2>
${waiting.length ? `<table><thead><tr><th>National ID</th><th>Number</th><th>Service</th><th>Expires</th><th></th></tr></thead><tbody>${waitingRows}</tbody></table>` : '<p id="none">No waiting requests.</p>'}
<h2>Recent</h2>
<table><thead><tr><th>National ID</th><th>Number</th><th>Service</th><th>Status</th></tr></thead><tbody>${doneRows}</tbody></table>`;
    response
      .status(200)
      .type('html')
      .send(page('Nafath sandbox', body, '<meta http-equiv="refresh" content="3">'));
  }

  private async act(
    decision: Promise<Decision>,
    query: { back?: string },
    response: Response,
  ): Promise<Decision | void> {
    let result: Decision;
    try {
      result = await decision;
    } catch (error) {
      // Unknown request → 404; already decided or expired → 409 (the sandbox's controls only).
      if (error instanceof NafathError)
        throw new AppException(error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', error.status);
      throw error;
    }
    if (query.back) {
      // Back to the page from a form of the page (relative: works behind the gateway too).
      response.redirect(303, '../../nafath');
      return;
    }
    return result;
  }
}
