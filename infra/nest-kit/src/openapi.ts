import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { envelopeSchema } from '@manzil/contracts';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The `results` of the envelope; the envelope itself is added here. */
  results: z.ZodType;
  roles?: string[];
  /**
   * What a success answers when it is not the envelope: an image or an HTML page of ours
   * (errors are still the envelope), bare JSON (`results` is then the whole body), or a
   * `text/event-stream` whose messages' data have the shape of `results`, or a stored file to
   * download (its own type, e.g. a listing's PDF document).
   */
  answers?: 'image' | 'html' | 'json' | 'event-stream' | 'file';
  /**
   * The outside service whose protocol the route speaks (the sandbox's Nafath and Google):
   * neither its answers nor its errors are our envelope. Written as `x-protocol`.
   */
  protocol?: string;
}

function successContent(route: RouteDoc) {
  switch (route.answers) {
    case 'image':
      return { 'image/*': { schema: z.string().describe('the image') } };
    case 'html':
      return { 'text/html': { schema: z.string().describe('the page') } };
    case 'file':
      return { 'application/octet-stream': { schema: z.string().describe('the file, in its own type') } };
    case 'json':
      return { 'application/json': { schema: route.results } };
    case 'event-stream':
      return { 'text/event-stream': { schema: route.results } };
    default:
      return { 'application/json': { schema: envelopeSchema(route.results) } };
  }
}

/**
 * The service's OpenAPI document, built from the same zod schemas (from `contracts`) that
 * validate the requests, so the description cannot drift from the code.
 */
export function buildOpenApi(service: string, routes: RouteDoc[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  const all: RouteDoc[] = [
    { method: 'get', path: '/health', summary: 'Liveness', results: z.object({ status: z.literal('ok') }) },
    {
      method: 'get',
      path: '/ready',
      summary: 'Readiness (database, Redis)',
      results: z.record(z.string(), z.string()),
    },
    ...routes,
  ];
  for (const route of all) {
    registry.registerPath({
      method: route.method,
      path: route.path.replace(/:(\w+)/g, '{$1}'),
      summary: route.summary,
      description: route.roles ? `Roles: ${route.roles.join(', ')}` : undefined,
      request: {
        query: route.query,
        params: route.params,
        headers: z.object({
          language: z.enum(['en', 'ar']).optional(),
          timezoneOffset: z.string().optional(),
        }),
        body: route.body ? { content: { 'application/json': { schema: route.body } } } : undefined,
      },
      responses: {
        200: {
          description: route.answers ? route.answers : 'Envelope { status, success, message, results }',
          content: successContent(route),
        },
      },
      ...(route.protocol ? { 'x-protocol': route.protocol } : {}),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: `Manzil ${service} service`, version: '1' },
  });
}
