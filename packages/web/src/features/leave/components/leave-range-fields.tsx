import type { TLeaveType } from '@puna/domain';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { useTypeName } from './leave-parts';

export type LeaveRangeValues = { from: string; to: string; type: string; note: string };

/** The dates, type and note of a new leave, shared by the worker's ask form and the employer's record form. */
export function LeaveRangeFields({
  values,
  onChange,
  types,
  idPrefix,
}: {
  values: LeaveRangeValues;
  onChange: (values: LeaveRangeValues) => void;
  types: TLeaveType[];
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const set = (key: keyof LeaveRangeValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [key]: event.target.value };
    // A one-day leave is the common case: the end follows the start until it is set apart.
    if (key === 'from' && (values.to === '' || values.to < event.target.value)) next.to = event.target.value;
    onChange(next);
  };
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${idPrefix}-from`}
          type="date"
          label={t('leave.ask.from')}
          required
          value={values.from}
          onChange={set('from')}
        />
        <TextField
          id={`${idPrefix}-to`}
          type="date"
          label={t('leave.ask.to')}
          required
          min={values.from || undefined}
          value={values.to}
          onChange={set('to')}
        />
      </div>
      <SelectField
        id={`${idPrefix}-type`}
        label={t('leave.ask.type')}
        required
        value={values.type}
        onChange={set('type')}
      >
        {types
          .filter((type) => !type.archived)
          .map((type) => (
            <option key={type.id} value={type.id}>
              {typeName(type)} · {type.paid ? t('leave.paid') : t('leave.unpaid')}
            </option>
          ))}
      </SelectField>
      <TextField
        id={`${idPrefix}-note`}
        label={t('leave.ask.note')}
        placeholder={t('leave.ask.notePlaceholder')}
        maxLength={500}
        autoComplete="off"
        value={values.note}
        onChange={set('note')}
      />
    </>
  );
}
