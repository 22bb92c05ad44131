import { ZRolesResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rolesKey } from '../../../lib/queries/get-roles';

/** `POST /krye/employers/roles`: adds a role at the end; answers the new list. */
export async function addRole(role: string): Promise<string[]> {
  return ZRolesResponse.parse(await api.post<unknown>('/krye/employers/roles', { role })).roles;
}

export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRole,
    onSuccess: (roles) => queryClient.setQueryData(rolesKey, roles),
  });
}
