import type { TDevice } from '@puna/domain';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useDeviceProblems } from '../api/get-device-problems';
import { CommandsPerPoll } from './commands-per-poll';
import { HeldPunches } from './held-punches';
import { NumericUsers } from './numeric-users';

/** Return codes whose meaning is known (docs/devices.md, "Users on clocks"), and their sentence. */
const RETURN_CODE_REASONS = {
  1: 'devices.problems.returnCodes.1',
  [-1]: 'devices.problems.returnCodes.-1',
  [-2]: 'devices.problems.returnCodes.-2',
  [-1002]: 'devices.problems.returnCodes.-1002',
  [-1004]: 'devices.problems.returnCodes.-1004',
} as const satisfies Record<number, TranslationKey>;
const returnCodeReason = (code: number): TranslationKey | undefined =>
  (RETURN_CODE_REASONS as Record<number, TranslationKey>)[code];

/**
 * What a ZKTeco clock sent that Puna did not take (each refused line as the clock wrote it, with
 * the reason) and the commands it refused or never answered, with the clock's return code.
 */
export function DeviceProblemsModal({ device, onClose }: { device: TDevice | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const problems = useDeviceProblems(device?.device_id ?? null);
  const refusal = (code: number) => {
    const reason = returnCodeReason(code);
    return reason
      ? t('devices.problems.refusedCodeReason', { code, reason: t(reason) })
      : t('devices.problems.refusedCode', { code });
  };
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, i18n.language) : t('devices.never'));
  let body: React.ReactNode;
  if (problems.isPending) {
    body = (
      <div className="flex justify-center py-8 text-brand-700" role="status" aria-label={t('common.loading')}>
        <Spinner className="size-6" />
      </div>
    );
  } else if (problems.isError) {
    body = <Alert tone="error">{translateError(problems.error, t('devices.problems.loadFailed'))}</Alert>;
  } else if (
    problems.data.refused_lines.length === 0 &&
    problems.data.failed_commands.length === 0 &&
    problems.data.skipped_users.length === 0
  ) {
    body = <p className="py-4 text-sm text-slate-700">{t('devices.problems.none')}</p>;
  } else {
    body = (
      <div className="space-y-5">
        {problems.data.skipped_users.length > 0 ? (
          <section aria-labelledby="skipped-users">
            <h3 id="skipped-users" className="font-semibold text-slate-900">
              {t('devices.problems.skippedTitle')}
            </h3>
            <p className="text-sm text-slate-700">{t('devices.problems.skippedHint')}</p>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {problems.data.skipped_users.map((user) => (
                <li key={user.employee.id} className="px-3 py-2 text-sm text-slate-700">
                  {t(`devices.problems.skipped.${user.reason}`, { name: user.employee.name, pin: user.pin })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {problems.data.refused_lines.length > 0 ? (
          <section aria-labelledby="refused-lines">
            <h3 id="refused-lines" className="font-semibold text-slate-900">
              {t('devices.problems.refusedTitle')}
            </h3>
            <p className="text-sm text-slate-700">{t('devices.problems.refusedHint')}</p>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {problems.data.refused_lines.map((line, index) => (
                // Lines have no id of their own; their order is the server's (newest first).
                // biome-ignore lint/suspicious/noArrayIndexKey: a stable list shown once
                <li key={index} className="px-3 py-2 text-sm">
                  <code className="block font-mono text-xs break-all whitespace-pre-wrap text-slate-900">
                    {line.raw.replaceAll('\t', ' ⇥ ')}
                  </code>
                  <span className="text-slate-700">{translateMessage(line.reason)}</span>
                  <span className="ml-2 text-xs text-slate-600 tabular-nums">{when(line.at)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {problems.data.failed_commands.length > 0 ? (
          <section aria-labelledby="failed-commands">
            <h3 id="failed-commands" className="font-semibold text-slate-900">
              {t('devices.problems.commandsTitle')}
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {problems.data.failed_commands.map((command) => (
                <li key={command.id} className="px-3 py-2 text-sm">
                  <code className="block font-mono text-xs break-all text-slate-900">
                    {command.command.replaceAll('\t', ' ⇥ ')}
                  </code>
                  <span className="text-slate-700">
                    {command.result === null
                      ? t('devices.problems.unanswered', { count: command.attempts })
                      : refusal(command.result)}
                  </span>
                  <span className="ml-2 text-xs text-slate-600 tabular-nums">{when(command.sent_at)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    );
  }
  return (
    <Modal
      open={device !== null}
      onClose={onClose}
      size="lg"
      title={t('devices.problems.title', { name: device?.name ?? '' })}
    >
      <div className="space-y-5">
        {device?.protocol === 'zkteco' ? <HeldPunches device={device} /> : null}
        {body}
        {device ? <CommandsPerPoll device={device} /> : null}
        {device?.protocol === 'zkteco' ? <NumericUsers device={device} /> : null}
      </div>
    </Modal>
  );
}
