import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_PROTOCOLS, ZRegisterDeviceRequest } from '@puna/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { type TRegisteredDevice, useRegisterDevice } from '../api/register-device';
import { DeviceCreated } from './device-created';

type TFormInput = z.input<typeof ZRegisterDeviceRequest>;
type TFormOutput = z.output<typeof ZRegisterDeviceRequest>;

/**
 * 'Add device': Device ID, name and type. On success the same modal shows the secret once,
 * with how to connect that kind of device; closing it forgets the secret.
 */
export function AddDeviceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterDevice();
  const [created, setCreated] = useState<(TRegisteredDevice & { protocol: TFormOutput['protocol'] }) | null>(null);

  function close() {
    register.reset();
    setCreated(null);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={created ? t('devices.created.title') : t('devices.form.title')}
      description={created ? undefined : t('devices.form.description')}
      size="lg"
    >
      {created ? (
        <DeviceCreated device={created} protocol={created.protocol} onDone={close} />
      ) : (
        <AddDeviceForm
          submitting={register.isPending}
          serverError={register.isError ? translateError(register.error, t('devices.form.failed')) : null}
          onCancel={close}
          onSubmit={(values) =>
            register.mutate(values, { onSuccess: (device) => setCreated({ ...device, protocol: values.protocol }) })
          }
        />
      )}
    </Modal>
  );
}

type AddDeviceFormProps = {
  submitting: boolean;
  serverError: string | null;
  onCancel: () => void;
  onSubmit: (values: TFormOutput) => void;
};

function AddDeviceForm({ submitting, serverError, onCancel, onSubmit }: AddDeviceFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, watch, formState } = useForm<TFormInput, unknown, TFormOutput>({
    resolver: zodResolver(ZRegisterDeviceRequest),
    defaultValues: { device_id: '', name: '', protocol: 'puna' },
  });
  const { errors } = formState;
  const protocol = watch('protocol') ?? 'puna';
  const hintId = useId();
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <fieldset>
        <legend className="field-label">{t('devices.form.protocol')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {DEVICE_PROTOCOLS.map((value) => (
            <label
              key={value}
              className={`card flex cursor-pointer gap-2.5 p-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${
                protocol === value ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600' : 'hover:bg-slate-50'
              }`}
            >
              <input type="radio" value={value} className="mt-0.5 size-4 accent-brand-700" {...register('protocol')} />
              <span>
                <span className="block font-semibold text-slate-900">{t(`devices.protocols.${value}`)}</span>
                <span className="mt-0.5 block text-xs text-slate-600">{t(`devices.form.protocolHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <TextField
          label={t('devices.form.deviceId')}
          autoComplete="off"
          spellCheck={false}
          error={errors.device_id?.message}
          {...(errors.device_id ? {} : { 'aria-describedby': hintId })}
          {...register('device_id')}
        />
        {errors.device_id ? null : (
          <p id={hintId} className="mt-1.5 text-xs text-slate-600">
            {t('devices.form.deviceIdHint')}
          </p>
        )}
      </div>
      <TextField
        label={t('devices.form.name')}
        autoComplete="off"
        placeholder={t('devices.form.namePlaceholder')}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('devices.form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {t('devices.form.submit')}
        </button>
      </div>
    </form>
  );
}
