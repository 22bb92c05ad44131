import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDeleteLocation, useLocations, useSaveLocation } from '../api/locations';
import type { TLocation } from '../api/schemas';
import { LocationForm } from '../components/location-form';
import { PhoneSettingsCard } from '../components/phone-settings-card';

type Dialog = { kind: 'add' } | { kind: 'edit'; location: TLocation } | { kind: 'delete'; location: TLocation } | null;

/**
 * 'Vendet e punës' (/kryepuntor/vendet): the employer's workplaces, each a point with a radius
 * where workers may punch from their phones, and the phone clock's rules (docs/product.md#phone-clock).
 */
export function WorkplacesPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const locations = useLocations();
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    if (locations.isError) toast.error(t('phoneClock.places.loadFailed'));
  }, [locations.isError, toast, t]);

  function close() {
    save.reset();
    setDialog(null);
  }

  const editing = dialog?.kind === 'edit' ? dialog.location : null;
  const list = locations.data ?? [];

  return (
    <>
      <PageHeader
        title={t('phoneClock.places.title')}
        description={t('phoneClock.places.description')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            <Plus className="size-4" aria-hidden="true" />
            {t('phoneClock.places.add')}
          </button>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="workplaces-title">
          <h2 id="workplaces-title" className="sr-only">
            {t('phoneClock.places.title')}
          </h2>
          {locations.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {['a', 'b'].map((key) => (
                <Skeleton key={key} className="h-24 w-full rounded-2xl" />
              ))}
            </div>
          ) : locations.isError ? (
            <Alert tone="error">{translateError(locations.error, t('phoneClock.places.loadFailed'))}</Alert>
          ) : list.length === 0 ? (
            <p className="card px-6 py-10 text-center text-slate-600">{t('phoneClock.places.empty')}</p>
          ) : (
            <ul className="space-y-3" data-testid="workplaces">
              {list.map((location) => (
                <li key={location.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <MapPin className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold wrap-anywhere text-slate-900">{location.name}</p>
                    {location.address ? (
                      <p className="text-sm wrap-anywhere text-slate-700">{location.address}</p>
                    ) : null}
                    <p className="text-sm text-slate-600 tabular-nums">
                      {t('phoneClock.places.summary', {
                        lat: location.lat.toFixed(5),
                        lng: location.lng.toFixed(5),
                        radius: formatNumber(location.radius_m, i18n.language),
                      })}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => setDialog({ kind: 'edit', location })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {t('phoneClock.places.edit')}
                      <span className="sr-only"> {location.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn-ghost text-red-700"
                      onClick={() => setDialog({ kind: 'delete', location })}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('phoneClock.places.delete')}
                      <span className="sr-only"> {location.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <PhoneSettingsCard />
      </div>

      <Modal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={close}
        title={editing ? t('phoneClock.places.editTitle') : t('phoneClock.places.addTitle')}
        size="lg"
      >
        {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
          <LocationForm
            key={editing?.id ?? 'new'}
            location={editing}
            submitting={save.isPending}
            serverError={save.isError ? translateError(save.error, t('phoneClock.places.saveFailed')) : null}
            onCancel={close}
            onSubmit={(input) =>
              save.mutate(
                { ...input, ...(editing ? { id: editing.id } : {}) },
                {
                  onSuccess: () => {
                    toast.success(editing ? t('phoneClock.places.updated') : t('phoneClock.places.created'));
                    close();
                  },
                },
              )
            }
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('phoneClock.places.deleteConfirm')}
        description={dialog?.kind === 'delete' ? dialog.location.name : undefined}
        confirmLabel={t('phoneClock.places.deleteButton')}
        cancelLabel={t('phoneClock.places.cancel')}
        busy={remove.isPending}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.location.id, {
            onSuccess: () => toast.success(t('phoneClock.places.deleted')),
            onError: (error) => toast.error(translateError(error, t('phoneClock.places.deleteFailed'))),
            onSettled: () => setDialog(null),
          });
        }}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
