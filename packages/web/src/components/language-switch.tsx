import { Languages } from 'lucide-react';
import { type Language, languages, setLanguage, useTranslation } from '../lib/i18n';

/** SQ / EN toggle; the choice is kept in localStorage (`puna.lang`). */
/** `className` sets the display (default inline-flex), e.g. 'hidden sm:inline-flex'. */
export function LanguageSwitch({ className = 'inline-flex' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className={`items-center gap-1 ${className}`}>
      <legend className="sr-only">{t('common.language')}</legend>
      <Languages className="size-4 text-slate-500 max-sm:hidden" aria-hidden="true" />
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {languages.map((language: Language) => {
          const active = i18n.language === language;
          return (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={active}
              aria-label={t(`common.languageNames.${language}`)}
              onClick={() => setLanguage(language)}
              className={`rounded-md px-2 py-1 text-xs font-semibold uppercase transition-colors max-sm:min-h-11 max-sm:min-w-11 ${
                active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {t(`common.languageCodes.${language}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
