import { LogIn } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { BrandName } from '../../../components/brand';
import { LanguageSwitch } from '../../../components/language-switch';
import { useTranslation } from '../../../lib/i18n';

/** Top bar of the public pages: product name, a few links, language, Login. */
export function PublicNavbar() {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900'}`;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur">
      <nav
        aria-label={t('landing.nav.label')}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6"
      >
        <Link to="/" className="rounded-lg" aria-label={t('landing.nav.home')}>
          <BrandName />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          <a href="/#features" className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900">
            {t('landing.nav.features')}
          </a>
          <NavLink to="/start" className={linkClass}>
            {t('landing.nav.start')}
          </NavLink>
          <NavLink to="/buy" className={linkClass}>
            {t('landing.nav.plans')}
          </NavLink>
        </div>
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          <Link to="/login" className="btn-primary px-3 sm:px-4">
            <LogIn className="size-4" aria-hidden="true" />
            {t('landing.nav.login')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
