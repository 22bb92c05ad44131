import { resultEnvelope, type TAdminEmployer, ZAdminEmployer } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const employersKey = ['admin', 'employers'] as const;

const ZEmployersResponse = resultEnvelope(z.array(ZAdminEmployer));

/**
 * `GET /auth/getEmployers`: every employer account (never a password). The whole list is loaded
 * once and searched in the browser, so typing filters at once without a request per key.
 */
export async function getEmployers(signal?: AbortSignal): Promise<TAdminEmployer[]> {
  return ZEmployersResponse.parse(await api.get<unknown>('/auth/getEmployers', signal)).Result;
}

export function employersQueryOptions() {
  return queryOptions({ queryKey: employersKey, queryFn: ({ signal }) => getEmployers(signal) });
}

export function useEmployers() {
  return useQuery(employersQueryOptions());
}

/** docs/product.md#admin: case-insensitive, the text contained in the e-mail or the company name. */
export function matchesSearch(employer: TAdminEmployer, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return employer.email.toLowerCase().includes(needle) || employer.company_name.toLowerCase().includes(needle);
}
