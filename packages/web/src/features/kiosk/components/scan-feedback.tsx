import { CircleCheck, CircleHelp, CircleX, Save } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { Feedback } from '../hooks/use-kiosk';
import { clockTime } from '../lib/clock-format';

const looks = {
  known: { panel: 'bg-emerald-600 text-white', Icon: CircleCheck },
  recorded: { panel: 'bg-emerald-600 text-white', Icon: CircleCheck },
  unknown: { panel: 'bg-amber-400 text-slate-950', Icon: CircleHelp },
  saved: { panel: 'bg-sky-700 text-white', Icon: Save },
  rejected: { panel: 'bg-red-700 text-white', Icon: CircleX },
} as const;

/** The large panel after a read: the worker's name and time, "unknown card", or "saved, will send". */
export function ScanFeedback({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const { panel, Icon } = looks[feedback.kind];
  const time = clockTime(feedback.at);
  const title =
    feedback.kind === 'known'
      ? feedback.name
      : feedback.kind === 'unknown'
        ? t('kiosk.feedback.unknown')
        : feedback.kind === 'saved'
          ? t('kiosk.feedback.saved')
          : feedback.kind === 'rejected'
            ? t('kiosk.feedback.rejected')
            : t('kiosk.feedback.recorded');
  const detail =
    feedback.kind === 'known' || feedback.kind === 'recorded'
      ? t('kiosk.feedback.recordedAt', { time })
      : feedback.kind === 'unknown'
        ? t('kiosk.feedback.unknownHint', { time })
        : feedback.kind === 'saved'
          ? t('kiosk.feedback.savedHint', { time })
          : feedback.error;
  return (
    <section
      aria-live="assertive"
      data-feedback={feedback.kind}
      className={`flex w-full max-w-4xl animate-pop-in flex-col items-center gap-4 rounded-3xl px-6 py-10 text-center shadow-2xl sm:px-10 sm:py-14 ${panel}`}
    >
      <Icon className="size-20 sm:size-24" aria-hidden="true" />
      <h2 className="break-words text-[clamp(2.25rem,7vw,4.5rem)] font-bold leading-tight">{title}</h2>
      <p className="text-[clamp(1.25rem,3.5vw,2.25rem)] font-medium tabular-nums">{detail}</p>
    </section>
  );
}
