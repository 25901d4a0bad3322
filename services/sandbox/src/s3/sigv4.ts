import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What an S3 server answers when a request is refused (the code goes into the XML error). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = decodeURIComponent(at === -1 ? pair : pair.slice(0, at));
      const value = at === -1 ? '' : decodeURIComponent(pair.slice(at + 1));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

export interface SignedRequest {
  method: string;
  /** The path exactly as it came on the request line (still percent-encoded). */
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

/**
 * Checks an `Authorization: AWS4-HMAC-SHA256 ...` header the way S3 does: known access key,
 * a scope of this day for the `s3` service, `x-amz-date` within 15 minutes, `host` and every
 * `x-amz-*` header signed, and the signature recomputed over the canonical request (S3's
 * variant: the path is used as sent, not encoded again). The payload hash is the header's
 * claim; `verifyPayload` checks it against the body once read. Presigned URLs and chunked
 * (`STREAMING-*`) payloads are not supported: refused as NotImplemented.
 */
export function verifySignature(
  request: SignedRequest,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date = new Date(),
): void {
  const authorization = headerValue(request.headers, 'authorization');
  if (!authorization) {
    if (/(^|&)X-Amz-Signature=/i.test(request.rawQuery)) {
      throw new S3Error(501, 'NotImplemented', 'Presigned URLs are not supported by the sandbox.');
    }
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  const match = AUTHORIZATION.exec(authorization);
  if (!match) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; only ${ALGORITHM}.`,
    );
  }
  const [, accessKeyId, scopeDate, region, signedHeaderList, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!when || !amzDate.startsWith(scopeDate)) {
    throw new S3Error(403, 'AccessDenied', 'x-amz-date is missing or does not match the credential scope.');
  }
  const signedAt = Date.UTC(+when[1], +when[2] - 1, +when[3], +when[4], +when[5], +when[6]);
  if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const signedHeaders = signedHeaderList.split(';');
  const unsigned = Object.keys(request.headers).filter(
    (name) => (name === 'host' || name.startsWith('x-amz-')) && !signedHeaders.includes(name),
  );
  if (unsigned.length) {
    throw new S3Error(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
    );
  }
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash)
    throw new S3Error(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  if (payloadHash.startsWith('STREAMING-') && payloadHash !== STREAMING_UNSIGNED_TRAILER) {
    throw new S3Error(
      501,
      'NotImplemented',
      'Signed chunked (aws-chunked) uploads are not supported by the sandbox.',
    );
  }
  const canonicalRequest = [
    request.method,
    request.rawPath || '/',
    canonicalQuery(request.rawQuery),
    signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, scopeDate), region), 's3'),
    'aws4_request',
  );
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/**
 * What the SDK signs a streamed PutObject with: the body is sent `aws-chunked`, unsigned, with
 * its checksum in a trailer (see `decodeAwsChunked`). The signed variants are refused.
 */
export const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/**
 * An `aws-chunked` body (`<hex size>\r\n<bytes>\r\n`… then `0\r\n`, trailer lines and an
 * empty line) as its bytes and trailers; the bytes must number `x-amz-decoded-content-length`,
 * else IncompleteBody, as S3 answers a stream that ended early.
 */
export function decodeAwsChunked(
  headers: IncomingHttpHeaders,
  raw: Buffer,
): { body: Buffer; trailers: Record<string, string> } {
  const malformed = () =>
    new S3Error(400, 'IncompleteBody', 'The request body is not valid aws-chunked data.');
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw malformed();
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isInteger(size) || size < 0) throw malformed();
    at = lineEnd + 2;
    if (size === 0) break;
    if (raw.length < at + size + 2 || raw.subarray(at + size, at + size + 2).toString('latin1') !== '\r\n') {
      throw malformed();
    }
    chunks.push(raw.subarray(at, at + size));
    at += size + 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of raw.subarray(at).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = Buffer.concat(chunks);
  if (body.length !== Number(headerValue(headers, 'x-amz-decoded-content-length'))) {
    throw new S3Error(
      400,
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    );
  }
  return { body, trailers };
}

/** The body against the signed `x-amz-content-sha256` (unless the client chose UNSIGNED-PAYLOAD). */
export function verifyPayload(headers: IncomingHttpHeaders, body: Buffer): void {
  const claimed = headerValue(headers, 'x-amz-content-sha256');
  if (claimed === 'UNSIGNED-PAYLOAD') return;
  if (claimed !== sha256(body)) {
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
}
