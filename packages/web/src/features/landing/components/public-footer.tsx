import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { BrandName } from '../../../components/brand';
import { useTranslation } from '../../../lib/i18n';

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-10 sm:flex-row sm:justify-between sm:px-6">
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <BrandName subtitle={t('landing.footer.tagline')} />
          <p className="text-sm text-slate-600">{t('landing.footer.copyright')}</p>
        </div>
        <nav
          aria-label={t('landing.footer.label')}
          className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2"
        >
          <Link to="/start" className="link text-sm">
            {t('landing.nav.start')}
          </Link>
          <Link to="/buy" className="link text-sm">
            {t('landing.nav.plans')}
          </Link>
          <Link to="/contactus" className="btn-primary">
            <Mail className="size-4" aria-hidden="true" />
            {t('landing.footer.contactUs')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
