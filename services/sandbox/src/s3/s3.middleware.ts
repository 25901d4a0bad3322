import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { S3SandboxOptions } from './s3.config.js';
import { S3_OPTIONS, S3Store, type S3Object } from './s3.store.js';
import {
  decodeAwsChunked,
  S3Error,
  STREAMING_UNSIGNED_TRAILER,
  verifyPayload,
  verifySignature,
} from './sigv4.js';

/** Where the S3 API lives on the sandbox: the SDK's `endpoint` is `http://<sandbox>/s3`, path-style. */
export const S3_MOUNT = '/s3';
/** Above listing videos' 50 MB (spec §5) with their aws-chunked framing. */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

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
 * bytes, never our envelope. GetObject answers one byte range (`Range: bytes=a-b`, `a-`, `-n`:
 * 206, or 416 past the end; several ranges: the whole object, as S3 does); PutObject takes a
 * streamed body as the SDK sends it (`aws-chunked`, unsigned, CRC32 trailer). Anything else
 * (listing, multipart uploads, ACLs, tagging) → 501.
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
        const size = object.body.length;
        const range = request.method === 'GET' ? byteRange(request.headers.range, size) : undefined;
        if (range === 'unsatisfiable') {
          response.setHeader('content-range', `bytes */${size}`);
          throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
        }
        const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
        response.status(range ? 206 : 200).set({
          'content-type': object.contentType,
          'content-length': String(body.length),
          ...(range && { 'content-range': `bytes ${range.start}-${range.end}/${size}` }),
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
          ...Object.fromEntries(
            Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
          ),
        });
        // A checksum is of the whole object: none with a part of it.
        if (!range && object.checksum && request.headers['x-amz-checksum-mode'] === 'ENABLED') {
          response.setHeader(`x-amz-checksum-${object.checksum.algorithm}`, object.checksum.value);
        }
        if (request.method === 'HEAD') return void response.end();
        return void response.end(body);
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
    let body = await readBody(request);
    let trailers: Record<string, string> = {};
    if (request.headers['x-amz-content-sha256'] === STREAMING_UNSIGNED_TRAILER) {
      ({ body, trailers } = decodeAwsChunked(request.headers, body));
    } else {
      verifyPayload(request.headers, body);
    }
    let checksum: S3Object['checksum'];
    for (const [header, value] of Object.entries({ ...request.headers, ...trailers })) {
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

/** One `bytes=` range of an object of `size` bytes, as S3 reads the header; several or malformed: none. */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end };
}
