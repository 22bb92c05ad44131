import { formatHours, numberLocaleOf } from '@puna/domain';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import {
  breakRulesProblem,
  type TBreakRuleRow,
  type TRosterSettingsView,
  useRosterSettings,
  useSaveRosterSettings,
} from '../api/roster-settings';

/** The most rules the server keeps. */
const RULES_MAX = 12;

/**
 * The roster's settings (`GET/PUT /krye/roster-settings`): claims and swaps approved without the
 * employer, the no-show push, and the unpaid break minutes by shift length — the jurisdiction's
 * rule, shown, unless the employer writes its own.
 */
export function RosterSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useRosterSettings(open);
  return (
    <Modal open={open} onClose={onClose} title={t('roster.settings.title')}>
      {settings.isError ? (
        <Alert tone="error">
          <p>{t('roster.settings.loadFailed')}</p>
          <button type="button" className="link mt-1" onClick={() => settings.refetch()}>
            {t('roster.employer.retry')}
          </button>
        </Alert>
      ) : settings.data ? (
        <SettingsForm current={settings.data} onClose={onClose} />
      ) : (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </Modal>
  );
}

/** A rule as typed: the length in hours (decimals allowed) and the break in minutes. */
type RuleDraft = { hours: string; minutes: string };

const draftOf = (rule: TBreakRuleRow): RuleDraft => ({
  hours: String(Math.round((rule.from_minutes / 60) * 100) / 100),
  minutes: String(rule.break_minutes),
});

function SettingsForm({ current, onClose }: { current: TRosterSettingsView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useSaveRosterSettings();
  const [auto, setAuto] = useState(current.shift_requests_auto);
  const [noShow, setNoShow] = useState(current.no_show_alert);
  const [own, setOwn] = useState(current.unpaid_break_rules !== null);
  const [rules, setRules] = useState<RuleDraft[]>(
    (current.unpaid_break_rules ?? current.break_rules_default).map(draftOf),
  );
  const [error, setError] = useState<string | null>(null);
  const locale = numberLocaleOf(i18n.language);
  const ruleText = (rule: TBreakRuleRow) =>
    t('roster.settings.ruleText', {
      hours: formatHours(rule.from_minutes / 60, locale),
      minutes: rule.break_minutes,
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let parsed: TBreakRuleRow[] | null = null;
    if (own) {
      parsed = rules.map((rule) => ({
        from_minutes: Math.round(Number(rule.hours.replace(',', '.')) * 60),
        break_minutes: Math.round(Number(rule.minutes)),
      }));
      if (parsed.some((rule) => !Number.isFinite(rule.from_minutes) || !Number.isFinite(rule.break_minutes))) {
        setError(t('roster.settings.rulesRange'));
        return;
      }
      parsed.sort((a, b) => a.from_minutes - b.from_minutes);
      const problem = breakRulesProblem(parsed);
      if (problem) {
        setError(problem === 'order' ? t('roster.settings.rulesOrder') : t('roster.settings.rulesRange'));
        return;
      }
    }
    save.mutate(
      { shift_requests_auto: auto, no_show_alert: noShow, unpaid_break_rules: parsed },
      {
        onSuccess: () => {
          toast.success(t('roster.settings.saved'));
          onClose();
        },
        onError: (failure) => setError(translateError(failure, t('roster.settings.failed'))),
      },
    );
  }

  const setRule = (index: number, change: Partial<RuleDraft>) =>
    setRules((list) => list.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('roster.settings.title')}>
      <Toggle
        checked={auto}
        onChange={setAuto}
        label={t('roster.settings.auto')}
        hint={t('roster.settings.autoHint')}
      />
      <Toggle
        checked={noShow}
        onChange={setNoShow}
        label={t('roster.settings.noShow')}
        hint={t('roster.settings.noShowHint')}
      />
      <fieldset className="space-y-2">
        <legend className="field-label">{t('roster.settings.breaks')}</legend>
        <p className="text-xs text-slate-600" data-testid="break-rules-default">
          {t('roster.settings.default', { rules: current.break_rules_default.map(ruleText).join('; ') })}
        </p>
        {[false, true].map((value) => (
          <label key={String(value)} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="break-rules"
              checked={own === value}
              onChange={() => setOwn(value)}
              className="size-4 accent-brand-600"
            />
            {value ? t('roster.settings.own') : t('roster.settings.useDefault')}
          </label>
        ))}
        {own ? (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3">
            {rules.map((rule, index) => (
              // Rows are positional: an edit never reorders them until saved.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <div key={index} className="flex items-end gap-2">
                <label className="min-w-0 flex-1 text-xs text-slate-700">
                  {t('roster.settings.longerThan')}
                  <input
                    className="field-input mt-1"
                    inputMode="decimal"
                    value={rule.hours}
                    onChange={(event) => setRule(index, { hours: event.target.value })}
                  />
                </label>
                <label className="min-w-0 flex-1 text-xs text-slate-700">
                  {t('roster.settings.breakMinutes')}
                  <input
                    className="field-input mt-1"
                    inputMode="numeric"
                    value={rule.minutes}
                    onChange={(event) => setRule(index, { minutes: event.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100"
                  aria-label={t('roster.settings.removeRule', { number: index + 1 })}
                  onClick={() => setRules((list) => list.filter((_, at) => at !== index))}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            ))}
            {rules.length === 0 ? <p className="text-xs text-slate-600">{t('roster.settings.noRules')}</p> : null}
            <button
              type="button"
              className="btn-secondary"
              disabled={rules.length >= RULES_MAX}
              onClick={() => setRules((list) => [...list, { hours: '', minutes: '' }])}
            >
              {t('roster.settings.addRule')}
            </button>
          </div>
        ) : null}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="dialog-actions flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('roster.dialog.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t('roster.dialog.save')}
        </button>
      </div>
    </form>
  );
}

function Toggle({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 rounded accent-brand-600"
      />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
