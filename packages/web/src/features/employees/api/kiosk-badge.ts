import { type TKioskIdentity, ZKioskIdentityResponse } from '@puna/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const kioskKey = (id: number) => ['employees', 'kiosk', id] as const;

/** `GET /krye/employees/{id}/kiosk`: the employee's kiosk PIN (or null) and its current QR badge. */
export async function getKioskIdentity(id: number, signal?: AbortSignal): Promise<TKioskIdentity> {
  return ZKioskIdentityResponse.parse(await api.get<unknown>(`/krye/employees/${id}/kiosk`, signal)).Result;
}

export function useKioskIdentity(id: number) {
  return useQuery({ queryKey: kioskKey(id), queryFn: ({ signal }) => getKioskIdentity(id, signal) });
}

/** The card-sized PDF of the employee's QR badge. */
export const badgePdfUrl = (id: number) => `/krye/employees/${id}/badge.pdf`;

function useKioskChange(change: (id: number, pin?: string | null) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, pin }: { id: number; pin?: string | null }) =>
      ZKioskIdentityResponse.parse(await change(id, pin)).Result,
    onSuccess: (saved, { id }) => queryClient.setQueryData(kioskKey(id), saved),
  });
}

/** `PUT /krye/employees/{id}/kiosk-pin`: a PIN of 4–8 digits, or null to clear it. */
export function useSetKioskPin() {
  return useKioskChange((id, pin) => api.put<unknown>(`/krye/employees/${id}/kiosk-pin`, { pin: pin ?? null }));
}

/** `POST /krye/employees/{id}/badge/revoke`: every badge printed before stops working. */
export function useRevokeBadge() {
  return useKioskChange((id) => api.post<unknown>(`/krye/employees/${id}/badge/revoke`, {}));
}
