import { ZRolesResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rolesKey } from '../../../lib/queries/get-roles';

/** `DELETE /krye/employers/roles/{index}`; refused (409, with a sentence) while employees hold it. */
export async function deleteRole(index: number): Promise<string[]> {
  return ZRolesResponse.parse(await api.delete<unknown>(`/krye/employers/roles/${index}`)).roles;
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (roles) => queryClient.setQueryData(rolesKey, roles),
  });
}
