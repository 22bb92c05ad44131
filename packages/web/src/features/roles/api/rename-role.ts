import { ZRolesResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rolesKey } from '../../../lib/queries/get-roles';

/** `PUT /krye/employers/roles/{index}`: renames a role (its holders are renamed with it). */
export async function renameRole({ index, role }: { index: number; role: string }): Promise<string[]> {
  return ZRolesResponse.parse(await api.put<unknown>(`/krye/employers/roles/${index}`, { role })).roles;
}

export function useRenameRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameRole,
    onSuccess: (roles) => queryClient.setQueryData(rolesKey, roles),
  });
}
