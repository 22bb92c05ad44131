import { CircleCheck, CircleHelp, CircleX, Lock, Save } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { Feedback } from '../hooks/use-kiosk';
import { clockTime } from '../lib/clock-format';

const looks = {
  known: { panel: 'bg-emerald-600 text-white', Icon: CircleCheck },
  recorded: { panel: 'bg-emerald-600 text-white', Icon: CircleCheck },
  unknown: { panel: 'bg-amber-400 text-slate-950', Icon: CircleHelp },
  wrongPin: { panel: 'bg-amber-400 text-slate-950', Icon: CircleHelp },
  badBadge: { panel: 'bg-amber-400 text-slate-950', Icon: CircleHelp },
  locked: { panel: 'bg-red-700 text-white', Icon: Lock },
  saved: { panel: 'bg-sky-700 text-white', Icon: Save },
  rejected: { panel: 'bg-red-700 text-white', Icon: CircleX },
} as const;

/** The large panel after a read: the worker's name and time, "unknown card", or "saved, will send". */
export function ScanFeedback({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const { panel, Icon } = looks[feedback.kind];
  const time = clockTime(feedback.at);
  const { title, detail } = textsOf(feedback, time, t);
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

function textsOf(feedback: Feedback, time: string, t: ReturnType<typeof useTranslation>['t']) {
  switch (feedback.kind) {
    case 'known':
      return { title: feedback.name, detail: t('kiosk.feedback.recordedAt', { time }) };
    case 'recorded':
      return { title: t('kiosk.feedback.recorded'), detail: t('kiosk.feedback.recordedAt', { time }) };
    case 'unknown':
      return { title: t('kiosk.feedback.unknown'), detail: t('kiosk.feedback.unknownHint', { time }) };
    case 'wrongPin':
      return { title: t('kiosk.feedback.wrongPin'), detail: t('kiosk.feedback.wrongPinHint') };
    case 'badBadge':
      return { title: t('kiosk.feedback.badBadge'), detail: t('kiosk.feedback.badBadgeHint') };
    case 'locked':
      return { title: t('kiosk.feedback.locked'), detail: t('kiosk.feedback.lockedHint') };
    case 'saved':
      return { title: t('kiosk.feedback.saved'), detail: t('kiosk.feedback.savedHint', { time }) };
    case 'rejected':
      return { title: t('kiosk.feedback.rejected'), detail: feedback.error };
  }
}
