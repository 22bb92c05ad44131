import { resultEnvelope, type TAuditEntry, ZAuditEntry } from '@puna/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const auditKey = ['admin', 'audit'] as const;

/** How many of the newest entries the screen asks for (the server allows up to 500). */
export const AUDIT_LIMIT = 200;

const ZAuditResponse = resultEnvelope(z.array(ZAuditEntry));

/** `GET /auth/admin/audit`: writes made while an admin viewed an employer's account, newest first. */
export async function getAudit(employerId: number | null, signal?: AbortSignal): Promise<TAuditEntry[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_LIMIT) });
  if (employerId !== null) query.set('employerId', String(employerId));
  return ZAuditResponse.parse(await api.get<unknown>(`/auth/admin/audit?${query}`, signal)).Result;
}

export function auditQueryOptions(employerId: number | null) {
  return queryOptions({
    queryKey: [...auditKey, employerId] as const,
    queryFn: ({ signal }) => getAudit(employerId, signal),
  });
}

export function useAudit(employerId: number | null) {
  return useQuery({ ...auditQueryOptions(employerId), placeholderData: keepPreviousData });
}
