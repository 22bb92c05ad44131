import type { TCalendarCell } from '@puna/domain';

/** A leave bar's colours by the type's kind ('annual', 'sick', 'unpaid', 'custom'). */
export const LEAVE_TONES: Record<string, string> = {
  annual: 'bg-sky-700 text-white',
  sick: 'bg-rose-700 text-white',
  unpaid: 'bg-amber-300 text-amber-950',
  custom: 'bg-violet-700 text-white',
};

export const LEAVE_KINDS = ['annual', 'sick', 'unpaid', 'custom'] as const;

export const leaveTone = (kind: string) => LEAVE_TONES[kind] ?? LEAVE_TONES.custom;

/** Saturday or Sunday (0 = Monday in the domain's weekday order). */
export const isWeekend = (weekday: number) => weekday >= 5;

/** A column's shade: a holiday, a company day, a weekend, or none. */
export function columnShade(kind: 'holiday' | 'company' | null, weekday: number): string {
  if (kind === 'holiday') return 'bg-rose-100';
  if (kind === 'company') return 'bg-violet-100';
  return isWeekend(weekday) ? 'bg-slate-100' : '';
}

/** Same leave on two neighbouring days: one bar. */
export function sameLeave(a: TCalendarCell | undefined, b: TCalendarCell | undefined): boolean {
  return Boolean(a?.leave && b?.leave && a.leave.type === b.leave.type);
}
