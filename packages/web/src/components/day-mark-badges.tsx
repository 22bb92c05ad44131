import type { TDayFlag, TDayState } from '@puna/domain';
import { useTranslation } from '../lib/i18n';

type Mark = {
  state?: TDayState;
  flags?: readonly TDayFlag[];
  late_by_minutes?: number | null;
  leave_type?: string | null;
};

const tone = {
  warn: 'bg-amber-100 text-amber-950',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-slate-100 text-slate-800',
  leave: 'bg-violet-100 text-violet-900',
} as const;

/**
 * A day's marks against the schedule (docs/product.md#marks) as small badges: late with the
 * minutes, left early, no checkout, absent, unscheduled work, and leave with its type. `skipNoCheckout`
 * leaves out the no-checkout badge where the list flags it already.
 */
export function DayMarkBadges({ mark, skipNoCheckout = false }: { mark: Mark; skipNoCheckout?: boolean }) {
  const { t } = useTranslation();
  const flags = mark.flags ?? [];
  const badges: { key: string; text: string; tone: keyof typeof tone }[] = [];
  if (mark.leave_type || mark.state === 'onLeave') {
    badges.push({
      key: 'onLeave',
      text: mark.leave_type ? t('dayMarks.onLeaveType', { type: mark.leave_type }) : t('dayMarks.onLeave'),
      tone: 'leave',
    });
  }
  if (mark.state === 'absent') badges.push({ key: 'absent', text: t('dayMarks.absent'), tone: 'bad' });
  if (flags.includes('late')) {
    badges.push({
      key: 'late',
      text: mark.late_by_minutes ? t('dayMarks.lateBy', { n: mark.late_by_minutes }) : t('dayMarks.late'),
      tone: 'warn',
    });
  }
  if (flags.includes('leftEarly')) badges.push({ key: 'leftEarly', text: t('dayMarks.leftEarly'), tone: 'warn' });
  if (mark.state === 'noCheckout' && !skipNoCheckout) {
    badges.push({ key: 'noCheckout', text: t('dayMarks.noCheckout'), tone: 'warn' });
  }
  if (flags.includes('unscheduledWork')) {
    badges.push({ key: 'unscheduledWork', text: t('dayMarks.unscheduledWork'), tone: 'info' });
  }
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((badge) => (
        <span
          key={badge.key}
          data-mark={badge.key}
          className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tone[badge.tone]}`}
        >
          {badge.text}
        </span>
      ))}
    </>
  );
}
