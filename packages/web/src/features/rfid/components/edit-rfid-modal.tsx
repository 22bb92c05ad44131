import { zodResolver } from '@hookform/resolvers/zod';
import { type TEditRfidRequest, type TRfidDay, ZEditRfidRequest } from '@puna/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useDeleteRfid, useEditRfid } from '../api/edit-rfid';
import { clockTime } from './scan-range';

/** The RFID edit modal: name, date and weekday read-only; first and last scan; Fshij, Mbyll, Ndrysho. */
export function EditRfidModal({ day, onClose }: { day: TRfidDay | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={day !== null} onClose={onClose} title={t('rfid.modal.title')}>
      {/* A fresh form per worker and day, so its defaults are that day's. */}
      {day ? <EditRfidForm key={`${day.id}-${day.date}`} day={day} onClose={onClose} /> : null}
    </Modal>
  );
}

type TFormInput = z.input<typeof ZEditRfidRequest>;

function EditRfidForm({ day, onClose }: { day: TRfidDay; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const edit = useEditRfid();
  const remove = useDeleteRfid();
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, formState } = useForm<TFormInput, unknown, TEditRfidRequest>({
    resolver: zodResolver(ZEditRfidRequest),
    defaultValues: {
      id: day.id,
      date: day.date,
      firstScanTime: clockTime(day.firstScanTime),
      lastScanTime: clockTime(day.lastScanTime),
    },
  });
  const { errors } = formState;
  const failure = edit.isError
    ? translateError(edit.error, t('rfid.modal.failed'))
    : remove.isError
      ? translateError(remove.error, t('rfid.modal.deleteFailed'))
      : null;

  function save(values: TEditRfidRequest) {
    edit.mutate(values, {
      onSuccess: () => {
        toast.success(t('rfid.modal.saved'));
        onClose();
      },
    });
  }

  function deleteDay() {
    remove.mutate(
      { id: day.id, date: day.date },
      {
        onSuccess: () => {
          toast.success(t('rfid.modal.deleted'));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{translateMessage(failure)}</Alert> : null}
      <TextField label={t('rfid.modal.name')} value={day.name} readOnly />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('rfid.modal.date')} value={formatIsoDate(day.date)} readOnly />
        <TextField label={t('rfid.modal.weekday')} value={day.day} readOnly />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('rfid.modal.firstScan')}
          type="time"
          required
          error={errors.firstScanTime?.message}
          {...register('firstScanTime')}
        />
        <TextField
          label={t('rfid.modal.lastScan')}
          type="time"
          required
          error={errors.lastScanTime?.message}
          {...register('lastScanTime')}
        />
      </div>
      {confirming ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-900">
          <p>{t('rfid.modal.deleteConfirm')}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn-danger px-3 py-1.5" onClick={deleteDay} disabled={remove.isPending}>
              {remove.isPending ? <Spinner className="size-4" /> : null}
              {t('rfid.modal.deleteYes')}
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setConfirming(false)}>
              {t('rfid.modal.deleteNo')}
            </button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap-reverse gap-2 pt-2 sm:flex-nowrap sm:justify-between">
        <button
          type="button"
          className="btn-ghost text-red-700 hover:bg-red-50"
          onClick={() => setConfirming(true)}
          disabled={confirming}
        >
          {t('rfid.modal.delete')}
        </button>
        <div className="flex flex-1 gap-2 sm:flex-none">
          <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={onClose}>
            {t('rfid.modal.close')}
          </button>
          <button type="submit" className="btn-primary flex-1 sm:flex-none" disabled={edit.isPending}>
            {edit.isPending ? <Spinner className="size-4" /> : null}
            {t('rfid.modal.save')}
          </button>
        </div>
      </div>
    </form>
  );
}
