import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { UnreadDot } from './unread-dot';

export type TabItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Match the path exactly (the area's home). */
  end?: boolean;
  /** Shows the unread dot on the icon. */
  dot?: boolean;
};

/**
 * The phone's bottom tab bar (below the lg breakpoint), one column per item: the employer's main
 * sections, the worker's pages. Each tab is at least 56 px tall and a fifth of the screen wide.
 */
export function TabBar({ label, items }: { label: string; items: TabItem[] }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid max-w-xl" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}>
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 pt-2 pb-1.5 text-[11px] font-medium ${
                    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={`relative flex h-7 w-12 items-center justify-center rounded-full ${isActive ? 'bg-brand-50' : ''}`}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                      <UnreadDot show={item.dot ?? false} className="absolute top-0 right-2" />
                    </span>
                    <span className="max-w-full truncate">{item.label}</span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
