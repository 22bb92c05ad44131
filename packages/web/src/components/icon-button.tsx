import type { LucideIcon } from 'lucide-react';

/**
 * A button that shows only an icon (close, back): its `label` is what a screen reader says and the
 * icon is hidden from it. Always a 44 px square, the size a thumb hits reliably; `className`
 * replaces the default look (rounded hover).
 */
export function IconButton({
  label,
  icon: Icon,
  onClick,
  className = 'rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900',
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex size-11 shrink-0 items-center justify-center ${className}`}
      aria-label={label}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
