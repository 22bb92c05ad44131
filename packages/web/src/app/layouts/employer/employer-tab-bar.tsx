import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { UnreadDot } from '../unread-dot';
import { tabItems } from './nav-items';
import { useListNavItems } from './use-list-nav-items';

/** Bottom tab bar below the lg breakpoint: Home, Employees, Lista, Hours, Chats. */
export function EmployerTabBar({ hasUnread }: { hasUnread: boolean }) {
  const { t } = useTranslation();
  const items = useListNavItems(tabItems);
  return (
    <nav
      aria-label={t('employer.nav.tabsLabel')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-5">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex flex-col items-center gap-0.5 px-1 pt-2 pb-1.5 text-[11px] font-medium ${
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
                      {item.chat ? <UnreadDot show={hasUnread} className="absolute top-0 right-2" /> : null}
                    </span>
                    <span className="max-w-full truncate">{t(item.labelKey)}</span>
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
