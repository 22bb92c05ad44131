import { ZErrorResponse } from '@puna/domain';

/** The refusals every workspace route may answer with, all `{ Status: false, Error }`. */
export const errorResponses = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
} as const;
