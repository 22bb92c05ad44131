import { hourColour, type THourColour } from '@puna/domain';

const styles: Record<THourColour, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** A day's hours, coloured by the domain's rule (0 red, 4–6 yellow, 7–10 green, else grey). */
export function HourBadge({ hours, label }: { hours: number; label: string }) {
  const colour = hourColour(hours);
  return (
    <span
      data-colour={colour}
      className={`inline-flex min-w-10 justify-center rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums ring-1 ${styles[colour]}`}
    >
      {label}
    </span>
  );
}
