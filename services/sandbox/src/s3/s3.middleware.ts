import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { S3SandboxOptions } from './s3.config.js';
import { S3_OPTIONS, S3Store, type S3Object } from './s3.store.js';
import { S3Error, verifyPayload, verifySignature } from './sigv4.js';

/** Where the S3 API lives on the sandbox: the SDK's `endpoint` is `http://<sandbox>/s3`, path-style. */
export const S3_MOUNT = '/s3';
const MAX_OBJECT_BYTES = 25 * 1024 * 1024;

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The checksums S3 takes in `x-amz-checksum-*` that can be recomputed here (CRC32C and CRC64NVME are kept unchecked). */
const CHECKSUMS: Record<string, (body: Buffer) => string> = {
  crc32: (body) => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(crc32(body));
    return value.toString('base64');
  },
  sha1: (body) => createHash('sha1').update(body).digest('base64'),
  sha256: (body) => createHash('sha256').update(body).digest('base64'),
};

/**
 * A minimal S3: path-style PutObject, GetObject, HeadObject and DeleteObject on configured
 * buckets, and HeadBucket, with SigV4 signatures checked (see `verifySignature`), the
 * payload hash and CRC32/SHA checksums verified, and errors as S3's XML. Enough for the
 * official AWS SDK v3 client (`@aws-sdk/client-s3`) and so for the S3 engine of
 * `@manzil/storage`. An Express middleware rather than Nest routes: S3 answers bare XML and
 * bytes, never our envelope. Anything else (listing, multipart, ranges, ACLs, tagging) → 501.
 */
@Injectable()
export class S3Middleware implements NestMiddleware {
  private readonly logger = new Logger('s3');

  constructor(
    @Inject(S3_OPTIONS) private readonly options: S3SandboxOptions,
    private readonly store: S3Store,
  ) {}

  use(request: Request, response: Response, next: NextFunction): void {
    const [pathPart, rawQuery = ''] = request.originalUrl.split(/\?(.*)/s, 2);
    if (pathPart !== S3_MOUNT && !pathPart.startsWith(`${S3_MOUNT}/`)) return next();
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    response.setHeader('x-amz-request-id', requestId);
    this.handle(request, response, pathPart, rawQuery).catch((error: unknown) => {
      const failure =
        error instanceof S3Error
          ? error
          : new S3Error(500, 'InternalError', 'We encountered an internal error.');
      if (!(error instanceof S3Error)) this.logger.error({ err: error }, 'S3 sandbox failed');
      if (response.headersSent) return void response.end();
      response.status(failure.status);
      if (request.method === 'HEAD') return void response.end();
      response
        .type('application/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message><Resource>${escapeXml(pathPart)}</Resource><RequestId>${requestId}</RequestId></Error>`,
        );
    });
  }

  private async handle(
    request: Request,
    response: Response,
    rawPath: string,
    rawQuery: string,
  ): Promise<void> {
    verifySignature({ method: request.method, rawPath, rawQuery, headers: request.headers }, this.options);
    const unsupported = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => decodeURIComponent(pair.split('=')[0]))
      .filter((name) => name !== 'x-id');
    if (unsupported.length) {
      throw new S3Error(501, 'NotImplemented', `Not supported by the sandbox: ?${unsupported.join('&')}`);
    }
    const [bucket = '', ...parts] = rawPath.slice(S3_MOUNT.length + 1).split('/');
    const key = parts.map((part) => decodeURIComponent(part)).join('/');
    if (!this.options.buckets.includes(bucket)) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (!key) {
      if (request.method === 'HEAD') return void response.status(200).end();
      throw new S3Error(501, 'NotImplemented', 'Only HeadBucket is supported on a bucket.');
    }
    const namespace = this.options.namespace;
    switch (request.method) {
      case 'PUT':
        return this.put(request, response, bucket, key);
      case 'GET':
      case 'HEAD': {
        const object = await this.store.get(namespace, bucket, key);
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        response.status(200).set({
          'content-type': object.contentType,
          'content-length': String(object.body.length),
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'none',
          ...Object.fromEntries(
            Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
          ),
        });
        if (object.checksum && request.headers['x-amz-checksum-mode'] === 'ENABLED') {
          response.setHeader(`x-amz-checksum-${object.checksum.algorithm}`, object.checksum.value);
        }
        if (request.method === 'HEAD') return void response.end();
        return void response.end(object.body);
      }
      case 'DELETE':
        await this.store.delete(namespace, bucket, key);
        return void response.status(204).end();
      default:
        throw new S3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  }

  private async put(request: Request, response: Response, bucket: string, key: string): Promise<void> {
    if ((request as { _body?: boolean })._body) {
      // The sandbox's JSON body parser ran first: the bytes as sent are gone.
      throw new S3Error(
        501,
        'NotImplemented',
        'Objects sent as application/json are not supported by the sandbox.',
      );
    }
    const body = await readBody(request);
    verifyPayload(request.headers, body);
    let checksum: S3Object['checksum'];
    for (const [header, value] of Object.entries(request.headers)) {
      const algorithm = /^x-amz-checksum-([a-z0-9]+)$/.exec(header)?.[1];
      if (!algorithm || algorithm === 'mode' || typeof value !== 'string') continue;
      const compute = CHECKSUMS[algorithm];
      if (compute && compute(body) !== value) {
        throw new S3Error(
          400,
          'BadDigest',
          `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
        );
      }
      checksum = { algorithm, value };
    }
    const metadata = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name, value]) => name.startsWith('x-amz-meta-') && typeof value === 'string')
        .map(([name, value]) => [name.slice('x-amz-meta-'.length), value as string]),
    );
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    await this.store.put(this.options.namespace, bucket, key, {
      body,
      contentType: request.headers['content-type'] ?? 'binary/octet-stream',
      etag,
      lastModified: new Date(),
      checksum,
      metadata,
    });
    response.status(200).setHeader('etag', etag);
    if (checksum) response.setHeader(`x-amz-checksum-${checksum.algorithm}`, checksum.value);
    response.end();
  }
}

async function readBody(request: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_OBJECT_BYTES) {
      throw new S3Error(
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed object size.',
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
