import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';

export interface RawRequest {
  method?: string;
  /** Sent as written: escapes, `..` and broken encodings reach the server untouched. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client address to connect from (any 127.x.y.z is another client on loopback). */
  localAddress?: string;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body's bytes as they came (still compressed when the answer says Content-Encoding). */
  body: Buffer;
  /** The parsed body when it is JSON, else undefined. */
  json?: unknown;
}

/** The base URL of an application listening on a port (createTestApp's). */
export function baseUrlOf(app: INestApplication): string {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * One HTTP request with full control over what is sent (supertest normalises some of it) and
 * from which local address, for tests of proxies and of bad input.
 */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        localAddress: options.localAddress,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown;
          if (/json/.test(String(res.headers['content-type'] ?? ''))) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
