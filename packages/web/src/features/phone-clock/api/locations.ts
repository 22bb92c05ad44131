import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { result, type TLocation, type TLocationInput, ZLocation } from './schemas';

export const phoneClockKey = ['phone-clock'] as const;
export const locationsKey = [...phoneClockKey, 'locations'] as const;

/** `GET /krye/locations`: the employer's workplaces, by name. */
export async function getLocations(signal?: AbortSignal): Promise<TLocation[]> {
  const body = await api.get<unknown>('/krye/locations', signal);
  return result(z.object({ locations: z.array(ZLocation) })).parse(body).locations;
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: locationsKey, queryFn: ({ signal }) => getLocations(signal) }));
}

/** `POST /krye/locations` (no id) or `PUT /krye/locations/{id}`. */
export async function saveLocation({ id, ...input }: TLocationInput & { id?: number }): Promise<TLocation> {
  const body =
    id === undefined
      ? await api.post<unknown>('/krye/locations', input)
      : await api.put<unknown>(`/krye/locations/${id}`, input);
  return result(z.object({ location: ZLocation })).parse(body).location;
}

/** `DELETE /krye/locations/{id}`: the punches keep their coordinates. */
export function deleteLocation(id: number): Promise<unknown> {
  return api.delete<unknown>(`/krye/locations/${id}`);
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneClockKey }),
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneClockKey }),
  });
}
