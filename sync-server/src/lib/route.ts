import {
  type ApiData,
  CONTRACT,
  type Contract,
  type Endpoint,
  type EndpointName,
  type Envelope,
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
const envelopeOf = (data: z.ZodType) =>
  z.object({ status: statusSchema, message: z.string(), error: z.string().nullable(), data });

// Documents a multipart body for OpenAPI; the validator lets it through for the handler to read.
const multipartBody = Object.assign(
  z.object({
    model: z.string().meta({ description: 'JSON of the model fields' }),
    file: z.string().meta({ format: 'binary', description: 'PNG image under 5 MB' }).optional(),
  }),
  { [MULTIPART_BODY]: true },
);

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
 * Registers the handler of one endpoint of the contract: its method, path and access come from
 * the declaration, its input is validated by the declared schemas and its reply serialized from
 * the declared `data` schema (an undeclared field never leaves the server). The only way /api
 * routes are added.
 */
export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: ContractHandler<N>): void {
  const endpoint: Endpoint = CONTRACT[name];
  const { method, path, access, throttle } = endpoint.route;
  const segment = path.split('/')[2] ?? 'api';
  app.route({
    method,
    url: path,
    config: { access, throttle },
    schema: {
      operationId: name,
      summary: endpoint.summary,
      tags: [segment],
      ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.model ? { body: multipartBody, consumes: ['multipart/form-data'] } : {}),
      response: {
        200: envelopeOf(endpoint.data),
        '4xx': refusalEnvelope,
        '5xx': refusalEnvelope,
      },
    },
    handler: handler as never,
  });
}
