import { KIOSK_PIN_MAX, KIOSK_PIN_MIN } from '@puna/domain';
import { Delete } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The kiosk's PIN pad: big digits, 4–8 of them, shown as dots; OK punches, the clear key starts over. */
export function PinPad({ onPin }: { onPin: (pin: string) => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const type = (digit: string) => setPin((now) => (now.length < KIOSK_PIN_MAX ? now + digit : now));
  const key =
    'flex h-16 items-center justify-center rounded-2xl bg-slate-800 text-3xl font-semibold tabular-nums text-white transition hover:bg-slate-700 active:bg-slate-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-300 sm:h-[4.5rem]';
  return (
    <section aria-label={t('kiosk.pin.title')} className="w-full max-w-xs">
      <p className="mb-2 text-center text-lg font-medium text-slate-300">{t('kiosk.pin.title')}</p>
      <output
        aria-live="polite"
        aria-label={t('kiosk.pin.entered', { count: pin.length })}
        data-testid="pin-display"
        className="mb-3 flex h-12 items-center justify-center gap-3 rounded-2xl bg-slate-900 text-3xl tracking-widest text-white ring-1 ring-slate-700"
      >
        {pin.length === 0 ? (
          <span className="text-base tracking-normal text-slate-400">{t('kiosk.pin.hint')}</span>
        ) : (
          '•'.repeat(pin.length)
        )}
      </output>
      <div className="grid grid-cols-3 gap-2.5">
        {DIGITS.map((digit) => (
          <button key={digit} type="button" className={key} onClick={() => type(digit)}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className={`${key} text-xl`}
          onClick={() => setPin('')}
          aria-label={t('kiosk.pin.clear')}
          title={t('kiosk.pin.clear')}
        >
          <Delete className="size-7" aria-hidden="true" />
        </button>
        <button type="button" className={key} onClick={() => type('0')}>
          0
        </button>
        <button
          type="button"
          className={`${key} bg-brand-600 text-2xl hover:bg-brand-500 active:bg-brand-700 disabled:bg-slate-800 disabled:text-slate-500`}
          disabled={pin.length < KIOSK_PIN_MIN}
          onClick={() => {
            onPin(pin);
            setPin('');
          }}
        >
          {t('kiosk.pin.ok')}
        </button>
      </div>
    </section>
  );
}
