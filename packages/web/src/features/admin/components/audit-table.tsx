import type { TAuditEntry } from '@puna/domain';
import { Table } from '../../../components/table';
import { formatTimestamp } from '../../../lib/format';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { auditActionKey } from './audit-actions';

function statusOf(entry: TAuditEntry): number | null {
  const code = entry.details?.statusCode;
  return typeof code === 'number' ? code : null;
}

function StatusCode({ code }: { code: number | null }) {
  if (code === null) return <span className="text-slate-500">—</span>;
  const ok = code < 400;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
        ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'
      }`}
    >
      {code}
    </span>
  );
}

/** What was done, in words; the raw route stays in the title (and is shown as it is when unnamed). */
function Action({ action, t, block }: { action: string; t: TFunction; block?: boolean }) {
  const key = auditActionKey(action);
  const title = t('admin.audit.actions.raw', { route: action });
  if (key) {
    return (
      <span title={title} className={`font-medium text-slate-900 ${block ? 'mt-2 block' : ''}`}>
        {t(key)}
      </span>
    );
  }
  return (
    <code
      title={title}
      className={`rounded bg-slate-100 px-1.5 py-0.5 text-xs break-all text-slate-800 ${block ? 'mt-2 block' : ''}`}
    >
      {action}
    </code>
  );
}

const columns = ['time', 'employer', 'action', 'admin', 'result'] as const;

/** Writes made while impersonating: a table on large screens, a list of cards on small ones. */
export function AuditTable({ entries }: { entries: TAuditEntry[] }) {
  const { t, i18n } = useTranslation();
  const unknown = t('admin.audit.unknown');
  return (
    <>
      <Table
        className="card hidden overflow-x-auto lg:block"
        caption={t('admin.audit.tableCaption')}
        columns={columns.map((column) => ({ key: column, header: t(`admin.audit.columns.${column}`) }))}
      >
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">
              {formatTimestamp(entry.created_at, i18n.language)}
            </td>
            <td className="px-4 py-3 font-medium wrap-anywhere text-slate-900">{entry.company_name ?? unknown}</td>
            <td className="px-4 py-3">
              <Action action={entry.action} t={t} />
            </td>
            <td className="px-4 py-3 text-slate-700">{entry.impersonator_email ?? unknown}</td>
            <td className="px-4 py-3">
              <StatusCode code={statusOf(entry)} />
            </td>
          </tr>
        ))}
      </Table>

      <ul className="space-y-3 lg:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="card p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">{entry.company_name ?? unknown}</p>
              <StatusCode code={statusOf(entry)} />
            </div>
            <Action action={entry.action} t={t} block />
            <p className="mt-2 text-xs text-slate-600">
              {formatTimestamp(entry.created_at, i18n.language)} · {entry.impersonator_email ?? unknown}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
