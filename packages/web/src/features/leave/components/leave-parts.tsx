import type { TLeaveRequest, TLeaveStatus, TLeaveType } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';

const STATUS_STYLES: Record<TLeaveStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** A leave's status as a coloured pill. */
export function StatusBadge({ status }: { status: TLeaveStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`}
    >
      {t(`leave.status.${status}`)}
    </span>
  );
}

/** A built-in type's name in the reader's language; an employer's own type as it was written. */
export function useTypeName() {
  const { t } = useTranslation();
  return (type: Pick<TLeaveType, 'kind' | 'name'>) =>
    type.kind === 'custom' ? type.name : t(`leave.kinds.${type.kind}`);
}

/** 'from – to', or one date; dates written DD.MM.YYYY as the product shows them. */
export function periodText(request: Pick<TLeaveRequest, 'from' | 'to'>): string {
  const day = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
  return request.from === request.to ? day(request.from) : `${day(request.from)} – ${day(request.to)}`;
}

/** One request's type, period and days on one line. */
export function RequestSummary({ request }: { request: TLeaveRequest }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  return (
    <p className="text-sm wrap-anywhere text-slate-700">
      <span className="font-medium text-slate-900">{typeName({ kind: request.kind, name: request.type_name })}</span>
      {' · '}
      {periodText(request)}
      {' · '}
      {t('leave.days', { count: request.days })}
    </p>
  );
}

/** A decided request's lines: the worker, the dates and type, the employer's answer, and its status. */
export function DecidedRequest({ request }: { request: TLeaveRequest }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-slate-900">{request.name}</p>
        <RequestSummary request={request} />
        {request.decision_note ? (
          <p className="text-sm wrap-anywhere text-slate-600">
            {t('leave.mine.decisionNote', { note: request.decision_note })}
          </p>
        ) : null}
      </div>
      <StatusBadge status={request.status} />
    </>
  );
}
