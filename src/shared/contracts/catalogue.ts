import { z } from 'zod';
import { apiViewSchema, useCaseViewSchema } from '../schemas/catalogue';
import { defineOperation } from './operation';

/** Catalogue reads: public, cached for a minute (`Cache-Control: public, max-age=60`). */
const READ_ERRORS = ['METHOD_NOT_ALLOWED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'] as const;

const idParams = (what: string) =>
  z.object({ id: z.string().describe(`Id (slug) of the ${what}, e.g. \`image-object-detection\`.`) });

/** GET /api/apis */
export const listApisOperation = defineOperation({
  operationId: 'listApis',
  method: 'GET',
  path: '/api/apis',
  group: 'catalogue',
  summary: 'List the APIs',
  description: 'Every API of the catalogue with its endpoints, features, price and plans.',
  auth: 'none',
  response: { status: 200, description: 'The APIs of the catalogue.', schema: z.array(apiViewSchema) },
  errors: READ_ERRORS,
});

/** GET /api/apis/{id} */
export const getApiOperation = defineOperation({
  operationId: 'getApi',
  method: 'GET',
  path: '/api/apis/{id}',
  group: 'catalogue',
  summary: 'Get one API',
  description: 'One API of the catalogue by its id; 404 NOT_FOUND when there is none.',
  auth: 'none',
  params: idParams('API'),
  response: { status: 200, description: 'The API.', schema: apiViewSchema },
  errors: ['NOT_FOUND', ...READ_ERRORS],
});

/** GET /api/use-cases */
export const listUseCasesOperation = defineOperation({
  operationId: 'listUseCases',
  method: 'GET',
  path: '/api/use-cases',
  group: 'catalogue',
  summary: 'List the use cases',
  description: 'Every use case of the catalogue with its industries, benefits and applicable APIs.',
  auth: 'none',
  response: { status: 200, description: 'The use cases.', schema: z.array(useCaseViewSchema) },
  errors: READ_ERRORS,
});

/** GET /api/use-cases/{id} */
export const getUseCaseOperation = defineOperation({
  operationId: 'getUseCase',
  method: 'GET',
  path: '/api/use-cases/{id}',
  group: 'catalogue',
  summary: 'Get one use case',
  description: 'One use case by its id; 404 NOT_FOUND when there is none.',
  auth: 'none',
  params: z.object({ id: z.string().describe('Id (slug) of the use case, e.g. `real-estate-listings`.') }),
  response: { status: 200, description: 'The use case.', schema: useCaseViewSchema },
  errors: ['NOT_FOUND', ...READ_ERRORS],
});
