export { api, request, configureApi, resetApiConfig, isRenewing, type RequestOptions, type ApiConfig } from './client';
export { ApiError, fieldErrors, isTokenError } from './errors';
export { cancelInflightRequests, isCancellableOnRouteChange } from './inflight';
export { buildQuery, type QueryParams } from './query';
export * from './tokens';
export type * from './types';
