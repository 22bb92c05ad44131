import { formatNumber } from '../../../lib/format';

/** A distance as people say it: metres under a kilometre ("35 m"), else kilometres ("1,2 km"). */
export function distanceText(metres: number, language: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${formatNumber(Math.round(metres / 100) / 10, language)} km`;
}

/** The clock time of an instant on this phone, 24-hour ("08:02"). */
export function clockTimeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
