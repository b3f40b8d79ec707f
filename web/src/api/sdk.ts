/**
 * The types the generated SDK (sdk.gen.ts) is written in, derived from the generated schema: an operation's
 * answer (its 2xx JSON body, camelCased; `null` for 204), its path parameters, its JSON request body and its
 * query parameters (camelCased; client.ts sends them back as snake_case).
 */
import type { operations } from './schema.gen';
import type { Camelize } from './types';

type Op = operations;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : null;
type Success<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : R extends { 204: unknown } ? null : never;

export type Answer<K extends keyof Op> = Camelize<JsonOf<Success<Op[K]['responses']>>>;
type JsonBody<K extends keyof Op> = Op[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** A JSON request body; the fields `D` (those with a server-side default) may be left out. */
export type Body<K extends keyof Op, D extends keyof JsonBody<K> = never> = Camelize<
  Omit<JsonBody<K>, D> & Partial<Pick<JsonBody<K>, D>>
>;
export type Query<K extends keyof Op> = Op[K]['parameters'] extends { query?: infer Q } ? Camelize<NonNullable<Q>> : never;
type PathOf<K extends keyof Op> = Op[K]['parameters'] extends { path: infer P } ? P : never;
/** A path parameter as the schema types it (an enum stays a union); an integer may also be a route's string id. */
export type Param<K extends keyof Op, N extends keyof PathOf<K>> = PathOf<K>[N] extends number ? number | string : PathOf<K>[N];
