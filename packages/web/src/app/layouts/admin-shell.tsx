import { Building2, History, Inbox, type LucideIcon, ShieldCheck, UserCog } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandName } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { useUnreadContactCount } from '../../features/admin/api/get-contact-messages';
import { useSession } from '../../lib/auth';
import { type TranslationKey, useTranslation } from '../../lib/i18n';
import { LogoutButton } from './logout-button';

type AdminSection = { to: string; labelKey: TranslationKey; icon: LucideIcon; end?: boolean; inbox?: boolean };

const sections: AdminSection[] = [
  { to: '/admin', labelKey: 'admin.nav.employers', icon: Building2, end: true },
  { to: '/admin/messages', labelKey: 'admin.nav.messages', icon: Inbox, inbox: true },
  { to: '/admin/audit', labelKey: 'admin.nav.audit', icon: History },
  { to: '/admin/account', labelKey: 'admin.nav.account', icon: UserCog },
];

/** Employers, the contact inbox (with its unread count) and the impersonation audit. */
function AdminSections() {
  const { t } = useTranslation();
  const unread = useUnreadContactCount();
  return (
    <nav aria-label={t('admin.nav.label')} className="mx-auto max-w-7xl overflow-x-auto px-2 sm:px-6">
      <ul className="flex gap-1">
        {sections.map((section) => {
          const Icon = section.icon;
          return (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `-mb-px inline-flex items-center gap-2 border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap sm:px-3 ${
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                  }`
                }
              >
                <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                {t(section.labelKey)}
                {section.inbox && unread > 0 ? (
                  <span className="rounded-full bg-red-600 px-1.5 py-px text-xs font-semibold text-white tabular-nums">
                    <span aria-hidden="true">{unread}</span>
                    <span className="sr-only">{t('admin.nav.unread', { count: unread })}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The platform admin's frame: brand, who is signed in, Sign Out, the admin's sections. */
export function AdminShell() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/admin" className="shrink-0 rounded-lg">
            <BrandName subtitle={t('admin.title')} />
          </Link>
          <div className="flex items-center gap-2 sm:gap-3">
            {user ? (
              <span className="hidden items-center gap-1.5 text-sm text-slate-600 md:inline-flex">
                <ShieldCheck className="size-4 text-brand-700" aria-hidden="true" />
                {user.email}
              </span>
            ) : null}
            <LanguageSwitch />
            <LogoutButton labelKey="admin.signOut" compact />
          </div>
        </div>
        <AdminSections />
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
