import { useId } from 'react';

/** The Puna mark: a rounded tile with a "P" and a sun-coloured dot. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#0f665f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M22 48V17h12.5C42 17 47 21.4 47 28.3S42 39.6 34.5 39.6H29V48z" fill="#fff" />
      <path d="M29 23.4v9.8h5c3.6 0 5.8-1.9 5.8-4.9s-2.2-4.9-5.8-4.9z" fill="#0f665f" />
      <circle cx="46" cy="46" r="6" fill="#fbbf24" />
    </svg>
  );
}

/** Mark plus the word "Puna". */
export function BrandName({ subtitle, subtitleClassName = '' }: { subtitle?: string; subtitleClassName?: string }) {
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-2.5">
      <BrandMark className="size-8 shrink-0" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-lg font-bold tracking-tight text-slate-900">Puna</span>
        {/* The subtitle can be a person's name: one line, cut with an ellipsis, whole on hover. */}
        {subtitle ? (
          <span className={`truncate text-xs font-medium text-slate-600 ${subtitleClassName}`} title={subtitle}>
            {subtitle}
          </span>
        ) : null}
      </span>
    </span>
  );
}
