import { ZRolesResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const rolesKey = ['roles'] as const;

/** `GET /krye/employers/roles`: the employer's roles in order (a role is addressed by its index). */
export async function getRoles(signal?: AbortSignal): Promise<string[]> {
  return ZRolesResponse.parse(await api.get<unknown>('/krye/employers/roles', signal)).roles;
}

export function rolesQueryOptions() {
  return queryOptions({ queryKey: rolesKey, queryFn: ({ signal }) => getRoles(signal) });
}

export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
