import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';

/** The chart's fixed colours (docs/product.md#dashboard): workers, masters, and the total in the legend. */
const COLOURS = { workers: '#0e8075', masters: '#f59e0b', total: '#334155' } as const;

type CountsChartProps = {
  workers: number;
  masters: number;
  total: number;
  loading: boolean;
  /** Phones get a shorter chart. */
  compact?: boolean;
};

/** Bar chart of employees by role: 'Puntorë' and 'Mjeshter', legend 'Puntorë Total = {n}'. */
export function CountsChart({ workers, masters, total, loading, compact = false }: CountsChartProps) {
  const { t } = useTranslation();
  const height = compact ? 220 : 300;
  if (loading) {
    return (
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className={`w-full ${compact ? 'h-[220px]' : 'h-[300px]'}`} />
        <Skeleton className="mx-auto h-4 w-40" />
      </div>
    );
  }
  const data = [
    { key: 'workers', label: t('dashboard.workers'), value: workers, colour: COLOURS.workers },
    { key: 'masters', label: t('dashboard.masters'), value: masters, colour: COLOURS.masters },
  ];
  return (
    <figure>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fill: '#334155', fontSize: 13 }} axisLine={false} tickLine={false} />
            <YAxis allowDecimals={false} tick={{ fill: '#475569', fontSize: 12 }} axisLine={false} tickLine={false} />
            <Tooltip cursor={{ fill: '#f1f5f9' }} />
            <Bar dataKey="value" name={t('dashboard.chartTitle')} radius={[8, 8, 0, 0]} maxBarSize={96}>
              {data.map((entry) => (
                <Cell key={entry.key} fill={entry.colour} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center justify-center gap-x-5 gap-y-1 text-sm text-slate-700">
        <span className="sr-only">{t('dashboard.chartSummary', { workers, masters, total })}</span>
        {data.map((entry) => (
          <span key={entry.key} className="inline-flex items-center gap-1.5" aria-hidden="true">
            <span className="size-3 rounded-sm" style={{ backgroundColor: entry.colour }} />
            {entry.label}
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5 font-semibold text-slate-900">
          <span className="size-3 rounded-sm" style={{ backgroundColor: COLOURS.total }} aria-hidden="true" />
          {t('dashboard.legend', { n: total })}
        </span>
      </figcaption>
    </figure>
  );
}
