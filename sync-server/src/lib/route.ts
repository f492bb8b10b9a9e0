import type { Readable } from 'node:stream';
import {
  type ApiData,
  CONTRACT,
  type Contract,
  type Endpoint,
  type EndpointName,
  type Envelope,
  totpSetupRequiredData,
} from '@scentry/shared-schema';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_BODY } from './validate';

const statusSchema = z.enum(['Success', 'Failure', 'Warning']);
/** Every refusal: the envelope with no data (API.md status table). */
const refusalEnvelope = z.object({
  status: statusSchema,
  message: z.string(),
  error: z.string().nullable(),
  data: z.null(),
});
/**
 * A signed-in route's refusals: also the 403 of a user REQUIRE_TOTP covers who has no TOTP yet,
 * `data: {totpSetupRequired: true}` (API.md "Staff sign-in").
 */
const guardedRefusalEnvelope = refusalEnvelope.extend({ data: totpSetupRequiredData.nullable() });
const envelopeOf = (data: z.ZodType) =>
  z.object({ status: statusSchema, message: z.string(), error: z.string().nullable(), data });

// Documents a multipart body for OpenAPI (its `file` required where the server requires it); the
// validator lets it through for the handler to read.
const multipartBody = ({ fileDescription = 'PNG image under 5 MB', fileRequired }: Endpoint) => {
  const file = z.string().meta({ format: 'binary', description: fileDescription });
  return Object.assign(
    z.object({
      model: z.string().meta({ description: 'JSON of the model fields' }),
      file: fileRequired ? file : file.optional(),
    }),
    { [MULTIPART_BODY]: true },
  );
};

interface RouteSchema<E extends Endpoint> {
  body: E extends { body: infer B } ? B : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
}

/** The request a handler receives: body and query already bound, validated and typed by the contract. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RouteSchema<E>,
  ZodTypeProvider
>;

export type ContractHandler<N extends EndpointName> = (
  req: ContractRequest<Contract[N]>,
  reply: FastifyReply,
) => Promise<Envelope<ApiData<N>>>;

/**
 * What a file endpoint's handler gives back: the bytes and the name the browser saves them under.
 * A stream is sent as it is read (no content-length), for files too large to hold in memory.
 */
export interface FileReply {
  body: Buffer | Readable;
  fileName: string;
  /** Shown where it is opened (a document a client reads, e.g. a FHIR Questionnaire) rather than saved. */
  inline?: boolean;
}

/** Endpoints whose Success reply is a file (`replyFile` in the contract). */
type FileEndpointName = { [N in EndpointName]: Contract[N] extends { replyFile: string } ? N : never }[EndpointName];

/**
 * Registers the handler of one endpoint of the contract: its method, path and access come from
 * the declaration, its input is validated by the declared schemas and its reply serialized from
 * the declared `data` schema (an undeclared field never leaves the server). The only way /api
 * routes are added.
 */
export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: ContractHandler<N>): void {
  register(app, name, handler as never);
}

/**
 * Registers the handler of an endpoint whose Success reply is a file (its `replyFile` type, sent
 * as an attachment); refusals are the envelope, as everywhere.
 */
export function fileRoute<N extends FileEndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (req: ContractRequest<Contract[N]>) => Promise<FileReply>,
): void {
  const type = (CONTRACT[name] as Endpoint).replyFile as string;
  register(app, name, async (req: FastifyRequest, reply: FastifyReply) => {
    const file = await handler(req as never);
    const ascii = file.fileName.replace(/[^\w.-]/g, '_');
    // Fastify names the charset only of text it serializes itself, not of a stream: a text file says UTF-8.
    reply.type(type.startsWith('text/') ? `${type}; charset=utf-8` : type);
    reply.header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"`);
    if (Buffer.isBuffer(file.body)) reply.header('content-length', file.body.length);
    return reply.send(file.body);
  });
}

function register(
  app: FastifyInstance,
  name: EndpointName,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const endpoint: Endpoint = CONTRACT[name];
  const { method, path, access, throttle } = endpoint.route;
  const segment = path.split('/')[2] ?? 'api';
  app.route({
    method,
    url: path,
    config: { access, throttle, cost: endpoint.cost },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      operationId: name,
      summary: endpoint.summary,
      tags: [segment],
      // A public operation says so (`security: []`); the others need the bearer token.
      security: access === 'public' ? [] : [{ bearer: [] }],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.model ? { body: multipartBody(endpoint), consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.replyFile ? { produces: [endpoint.replyFile, 'application/json'] } : {}),
      response: {
        200: endpoint.replyFile
          ? z.string().meta({ format: 'binary', description: `The file (${endpoint.replyFile})` })
          : envelopeOf(endpoint.data),
        '4xx': endpoint.refusalData
          ? envelopeOf(endpoint.refusalData.nullable())
          : access === 'public'
            ? refusalEnvelope
            : guardedRefusalEnvelope,
        '5xx': endpoint.refusalData ? envelopeOf(endpoint.refusalData.nullable()) : refusalEnvelope,
      },
    },
    handler: handler as never,
  });
}
