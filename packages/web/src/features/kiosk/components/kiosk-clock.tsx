import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { clockDate, clockTime } from '../lib/clock-format';

/** The large clock: hours and minutes, and the date under them. */
export function KioskClock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="text-center">
      <time
        dateTime={now.toISOString()}
        className="block font-semibold text-white tabular-nums leading-none tracking-tight text-[clamp(4.5rem,22vw,13rem)]"
      >
        {clockTime(now)}
      </time>
      <p className="mt-4 text-[clamp(1.1rem,3.2vw,2rem)] text-slate-300">{clockDate(now, i18n.language)}</p>
    </div>
  );
}
