import { Menu } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { LoadingScreen } from '../../../components/loading-screen';
import { useUnreadCount } from '../../../features/chat/api/get-unread-count';
import { usePushRegistration } from '../../../features/chat/push';
import { useCorrectionsPending, useCorrectionsUnread } from '../../../features/corrections/api/corrections';
import { useLeavePending, useLeaveUnread } from '../../../features/leave/api/employer-leave';
import { useShiftRequestsPending } from '../../../features/roster/api/roster';
import { hasPremiumAccess, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { LogoutButton } from '../logout-button';
import { UnreadDot } from '../unread-dot';
import { EmployerChrome } from './employer-chrome';
import { EmployerMobileMenu } from './employer-mobile-menu';
import { EmployerTabBar } from './employer-tab-bar';
import { ImpersonationBanner } from './impersonation-banner';
import { MoreMenu } from './more-menu';
import { headerItems } from './nav-items';
import { useListNavItems } from './use-list-nav-items';

/**
 * The employer area's frame: top bar, header links, More, slide-in menu, bottom tabs, and the page
 * (`Outlet`) inside them. What it shows only; the live data connection is `EmployerAreaLayout`'s.
 */
export function EmployerFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession().data?.user;
  const hasUnread = useUnreadCount() > 0;
  const isPremium = user ? hasPremiumAccess(user) : false;
  const hasCorrections = (useCorrectionsUnread('employer', isPremium).data ?? 0) > 0;
  const hasLeaveUnread = useLeaveUnread() > 0;
  const requestsPending = useLeavePending() + useCorrectionsPending(isPremium) + useShiftRequestsPending();
  usePushRegistration();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const onChatPage = pathname.startsWith('/kryepuntor/chat');
  const navItems = useListNavItems(headerItems);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <EmployerChrome
      brand={(content) => (
        <Link to="/kryepuntor" className="shrink-0 rounded-lg">
          {content}
        </Link>
      )}
      banner={user?.impersonatedBy != null ? <ImpersonationBanner who={user.companyName ?? user.email} /> : null}
      end={
        <>
          <nav aria-label={t('employer.nav.label')} className="hidden items-center gap-1 lg:flex">
            {navItems.map((item) => {
              const Icon = item.icon;
              return (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  <Icon className="hidden size-4 xl:block" aria-hidden="true" />
                  {t(item.labelKey)}
                </NavLink>
              );
            })}
            <MoreMenu
              hasUnread={hasUnread}
              hasCorrections={hasCorrections}
              hasLeaveUnread={hasLeaveUnread}
              requestsPending={requestsPending}
            />
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch className="hidden sm:inline-flex" />
            <LogoutButton compact />
            <button
              type="button"
              className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
              aria-label={t('employer.menu.open')}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => setMenuOpen(true)}
            >
              <Menu className="size-6" aria-hidden="true" />
              <UnreadDot show={hasLeaveUnread} className="absolute top-1 right-1" />
            </button>
          </div>
        </>
      }
      after={
        <>
          <EmployerTabBar hasUnread={hasUnread} />
          <EmployerMobileMenu
            id={menuId}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onChatPage={onChatPage}
            hasCorrections={hasCorrections}
            hasLeaveUnread={hasLeaveUnread}
            requestsPending={requestsPending}
          />
        </>
      }
    >
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </EmployerChrome>
  );
}
