import { ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandName } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { LoadingScreen } from '../../components/loading-screen';
import { useSession } from '../../lib/auth';
import { LogoutButton } from './logout-button';

/** The platform admin's frame: brand, who is signed in, Sign Out. */
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
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
