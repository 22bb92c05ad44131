import type { TPayrollStatement } from '@puna/domain';
import { Info } from 'lucide-react';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

/**
 * Which rule set computed the statement, how many of its figures were read in an official text and
 * how many are defaults, and that the defaults are to be confirmed (docs/labour-rules.md). The
 * sources' titles are in their own languages, so they stay folded until asked for.
 */
export function RuleSetNote({ statement }: { statement: TPayrollStatement }) {
  const { t } = useTranslation();
  const { rule_set: ruleSet } = statement;
  return (
    <section className="mt-5 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <div className="flex items-start gap-2.5">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p>
            {t('monthClose.ruleSet', {
              id: ruleSet.id,
              date: formatIsoDate(ruleSet.effective_from),
              verified: ruleSet.figures.verified,
              defaults: ruleSet.figures.default,
            })}
          </p>
          <p className="font-semibold">{t('monthClose.ruleSetAdvice')}</p>
          <p>{t(statement.hours_source === 'scans' ? 'monthClose.hoursFromScans' : 'monthClose.hoursFromEntries')}</p>
          <details className="pt-1">
            <summary className="cursor-pointer font-medium">{t('monthClose.sources')}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {ruleSet.sources.map((source) => (
                <li key={source.id} className="wrap-anywhere">
                  {source.url ? (
                    <a href={source.url} target="_blank" rel="noreferrer" className="link">
                      {source.title}
                    </a>
                  ) : (
                    source.title
                  )}
                  {source.official ? ` (${t('monthClose.officialSource')})` : null}
                </li>
              ))}
            </ul>
          </details>
        </div>
      </div>
    </section>
  );
}
