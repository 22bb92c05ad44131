import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { rosterKey } from './roster';

/** One unpaid break rule: a shift of `from_minutes` or longer gets `break_minutes` unpaid. */
const ZRule = z.object({ from_minutes: z.number().int(), break_minutes: z.number().int() });
export type TBreakRuleRow = z.infer<typeof ZRule>;

/** `GET/PUT /krye/roster-settings` as the server answers it (docs/product.md#shifts-and-the-roster). */
const ZSettings = z.object({
  shift_requests_auto: z.boolean(),
  no_show_alert: z.boolean(),
  /** The employer's own rules, or null: the jurisdiction's (`break_rules_default`). */
  unpaid_break_rules: z.array(ZRule).nullable(),
  break_rules_default: z.array(ZRule),
});
export type TRosterSettingsView = z.infer<typeof ZSettings>;
const ZSettingsResponse = z.object({ Status: z.literal(true), Result: ZSettings });

export type TRosterSettingsBody = Omit<TRosterSettingsView, 'break_rules_default'>;

const settingsKey = [...rosterKey, 'settings'] as const;

export function rosterSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      ZSettingsResponse.parse(await api.get<unknown>('/krye/roster-settings', signal)).Result,
  });
}

export function useRosterSettings(enabled = true) {
  return useQuery({ ...rosterSettingsQueryOptions(), enabled });
}

/** `PUT /krye/roster-settings`: answers the settings as they now are. */
export function useSaveRosterSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRosterSettingsBody) =>
      ZSettingsResponse.parse(await api.put<unknown>('/krye/roster-settings', body)).Result,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/**
 * The break rules as the employer edits them: one row per rule, sorted by length, each length
 * distinct and within a day, each break up to 3 hours (the server's own check, told in words).
 */
export function breakRulesProblem(rules: readonly TBreakRuleRow[]): 'order' | 'range' | null {
  for (const [index, rule] of rules.entries()) {
    if (rule.from_minutes < 0 || rule.from_minutes > 1440 || rule.break_minutes < 0 || rule.break_minutes > 180) {
      return 'range';
    }
    const before = rules[index - 1];
    if (before && before.from_minutes >= rule.from_minutes) return 'order';
  }
  return null;
}
