import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { errorMessage, type ApiEnvelope, type ErrorCode } from '@manzil/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** Settings shared by the real server and the test app, so tests run what production runs. */
export function configureApp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.useBodyParser('json', { limit: '1mb' });
  app.enableShutdownHooks();
  // The gateway keeps its connections to a service alive and drops them after 4 s idle: the
  // service must hold them longer (Node's default is 5 s, too close: a socket the service is
  // closing can be reused by the gateway, which then answers 502). Idle ones still close at
  // shutdown (Node's server.close() closes idle connections).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
}

/**
 * A request Node refuses before the app sees it (a request line and headers over its 16 KB, a
 * malformed request, headers too slow) gets the same envelope as any other error, in the
 * request's language when its `language` header can be read from the bytes received, instead
 * of Node's bare "431" or "400" with no body.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Socket,
): void {
  // As Node's own answer does: only when no response on this (kept-alive) socket has begun.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const language = /\r\nlanguage:[ \t]*ar\b/i.test(error.rawPacket?.toString('latin1') ?? '') ? 'ar' : 'en';
  const code: ErrorCode = 'INVALID_REQUEST';
  const envelope: ApiEnvelope<{ code: ErrorCode }> = {
    status,
    success: false,
    message: errorMessage(code, language),
    results: { code },
  };
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
