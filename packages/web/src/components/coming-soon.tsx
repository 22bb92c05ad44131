import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type ComingSoonProps = {
  /** The screen's name, already translated. */
  screen: string;
  /** Where "back" leads, usually the area's home; no link on the home itself. */
  homePath?: string;
};

/** Honest placeholder for a screen a later release delivers: names it, explains, offers a way back. */
export function ComingSoon({ screen, homePath }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto max-w-xl px-6 py-10 text-center sm:px-10" aria-labelledby="coming-soon-title">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Hammer className="size-7" aria-hidden="true" />
      </div>
      <h1 id="coming-soon-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {screen}
      </h1>
      <p className="mt-2 inline-block rounded-full bg-accent-300/40 px-3 py-0.5 text-xs font-semibold text-amber-900">
        {t('comingSoon.badge')}
      </p>
      <p className="mt-4 text-slate-600">{t('comingSoon.text', { screen })}</p>
      {homePath ? (
        <Link to={homePath} className="btn-secondary mt-6">
          {t('comingSoon.back')}
        </Link>
      ) : null}
    </section>
  );
}
