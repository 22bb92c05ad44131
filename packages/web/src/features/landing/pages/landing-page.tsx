import { ArrowDown, CalendarCheck, Clock3, LayoutDashboard, ListChecks, UserRound, Users } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useVerifyOnce } from '../../../lib/session';
import { useRecordStartPage } from '../../../lib/start-page';
import employeePageArt from '../assets/feature-employee-page.svg';
import employeesArt from '../assets/feature-employees.svg';
import homeArt from '../assets/feature-home.svg';
import hoursArt from '../assets/feature-hours.svg';
import listaArt from '../assets/feature-lista.svg';
import heroArt from '../assets/hero.svg';
import { PublicFooter } from '../components/public-footer';
import { PublicNavbar } from '../components/public-navbar';
import { Typewriter } from '../components/typewriter';

const features = [
  { key: 'home', art: homeArt, icon: LayoutDashboard },
  { key: 'employees', art: employeesArt, icon: Users },
  { key: 'lista', art: listaArt, icon: ListChecks },
  { key: 'hours', art: hoursArt, icon: Clock3 },
  { key: 'employeePage', art: employeePageArt, icon: UserRound },
] as const;

export function LandingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const verified = useVerifyOnce();
  useRecordStartPage(pathname);

  // A logged-in visitor goes on as the spec's verify call says (an admin to /dashboard, anyone else
  // to /employee_detail/{id}); both addresses lead to the user's own area (docs/product.md#landing).
  if (verified?.kind === 'user') return <Navigate to={verified.next} replace />;

  const phrases = [
    t('landing.hero.phrases.manage'),
    t('landing.hero.phrases.track'),
    t('landing.hero.phrases.monitor'),
  ];
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicNavbar />
      {verified?.kind === 'failed' || verified?.kind === 'unexpected' ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {t(verified.kind === 'failed' ? 'landing.verify.failed' : 'landing.verify.unexpected')}
          </p>
        </div>
      ) : null}
      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-12 sm:px-6 md:grid-cols-2 md:pt-16 md:pb-16">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
                <CalendarCheck className="size-3.5" aria-hidden="true" />
                {t('landing.hero.eyebrow')}
              </p>
              <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                {t('landing.hero.title')}
              </h1>
              <p className="mt-3 min-h-[1.4em] text-2xl leading-snug font-bold text-slate-800 sm:text-3xl">
                <Typewriter phrases={phrases} />
              </p>
              <p className="mt-4 max-w-xl text-lg text-slate-600">{t('landing.hero.text')}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <a href="#features" className="btn-primary px-5 py-3 text-base">
                  {t('landing.hero.explore')}
                  <ArrowDown className="size-4" aria-hidden="true" />
                </a>
                <Link to="/signup" className="btn-secondary px-5 py-3 text-base">
                  {t('landing.hero.signUp')}
                </Link>
              </div>
            </div>
            <img
              src={heroArt}
              alt={t('landing.hero.imageAlt')}
              className="mx-auto w-full max-w-lg"
              width={520}
              height={400}
            />
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-14 sm:py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                {t('landing.features.title')}
              </h2>
              <p className="mt-3 text-lg text-slate-600">{t('landing.features.subtitle')}</p>
            </div>
            <ul className="mt-12 space-y-14 sm:space-y-20">
              {features.map((feature, position) => {
                const Icon = feature.icon;
                const imageFirst = position % 2 === 0;
                return (
                  <li key={feature.key} className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
                    <img
                      src={feature.art}
                      alt={t(`landing.features.${feature.key}.imageAlt`)}
                      width={480}
                      height={360}
                      className={`w-full rounded-3xl ${imageFirst ? 'md:order-1' : 'md:order-2'}`}
                    />
                    <div className={imageFirst ? 'md:order-2' : 'md:order-1'}>
                      <div className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm">
                        <Icon className="size-6" aria-hidden="true" />
                      </div>
                      <h3 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
                        {t(`landing.features.${feature.key}.title`)}
                      </h3>
                      <p className="mt-3 text-lg leading-relaxed text-slate-600">
                        {t(`landing.features.${feature.key}.text`)}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <section className="px-4 pb-20 sm:px-6">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('landing.cta.title')}</h2>
            <p className="max-w-xl text-brand-50">{t('landing.cta.text')}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/signup" className="btn bg-white px-5 py-3 text-base text-brand-800 hover:bg-brand-50">
                {t('landing.hero.signUp')}
              </Link>
              <Link to="/start" className="btn border border-white/60 px-5 py-3 text-base text-white hover:bg-white/10">
                {t('landing.nav.start')}
              </Link>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
