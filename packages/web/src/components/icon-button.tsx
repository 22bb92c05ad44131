import type { LucideIcon } from 'lucide-react';

/**
 * A button that shows only an icon (close, back): its `label` is what a screen reader says and the
 * icon is hidden from it. `className` replaces the default look (a square, rounded hover).
 */
export function IconButton({
  label,
  icon: Icon,
  onClick,
  className = 'rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900',
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button type="button" onClick={onClick} className={className} aria-label={label}>
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
