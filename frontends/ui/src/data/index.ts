export { FRESH_MS, KEPT_MS, createQueryClient, refetchAfterWrite, retryOnce } from './query-client.js';
export { apiQueryFn, isNotFound, type ApiQueryOptions } from './api-query.js';
export { contentKeys, contentQueries } from './content-queries.js';
