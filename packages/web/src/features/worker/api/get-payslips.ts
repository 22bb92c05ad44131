import { type TWorkerPayslip, ZWorkerPayslipsResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { workerKey } from './get-worker-id';

/** `GET /krye/worker/me/payslips`: the months the employer has closed with this worker in them, newest first. */
export async function getPayslips(signal?: AbortSignal): Promise<TWorkerPayslip[]> {
  return ZWorkerPayslipsResponse.parse(await api.get<unknown>('/krye/worker/me/payslips', signal)).Result;
}

export function payslipsQueryOptions() {
  return queryOptions({
    queryKey: [...workerKey, 'payslips'] as const,
    queryFn: ({ signal }) => getPayslips(signal),
    staleTime: 0,
  });
}

export function usePayslips() {
  return useQuery(payslipsQueryOptions());
}

/**
 * `GET /krye/worker/me/payslip?month=`: the month's payslip PDF. A plain link downloads it
 * (same-origin GET with the session cookie), so no script holds the file.
 */
export function ownPayslipUrl(month: string): string {
  return `/krye/worker/me/payslip?${new URLSearchParams({ month }).toString()}`;
}
