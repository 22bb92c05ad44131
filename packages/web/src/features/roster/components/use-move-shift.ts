import type { TShift } from '@puna/domain';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useSaveShift } from '../api/roster';

/** Where a shift goes: an employee (null: the open shifts) and a date. */
export type ShiftPlace = { employeeId: number | null; date: string };

/**
 * Moving a shift (`PUT /krye/shifts/{id}` with the new employee and date) or copying it
 * (`POST /krye/shifts`, the same times, break and note): a drop on the week grid and the
 * "Move or copy" dialog both come here. The server's refusal (an overlap, leave, a closed month)
 * comes back in words.
 */
export function useMoveShift() {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveShift();

  function run(
    shift: TShift,
    place: ShiftPlace,
    copy: boolean,
    handlers: { onDone?: () => void; onError?: (message: string) => void } = {},
  ) {
    if (!copy && place.employeeId === shift.employee_id && place.date === shift.date) {
      handlers.onDone?.();
      return;
    }
    const body = {
      employee_id: place.employeeId,
      date: place.date,
      start: shift.start,
      end: shift.end,
      break_minutes: shift.break_minutes,
      note: shift.note,
    };
    save.mutate(
      { id: copy ? null : shift.id, body },
      {
        onSuccess: () => {
          toast.success(copy ? t('roster.move.copied') : t('roster.move.moved'));
          handlers.onDone?.();
        },
        onError: (failure) => {
          const message = translateError(failure, copy ? t('roster.move.copyFailed') : t('roster.move.moveFailed'));
          if (handlers.onError) handlers.onError(message);
          else toast.error(message);
        },
      },
    );
  }

  return { run, isPending: save.isPending };
}
