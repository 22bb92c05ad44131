import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';

/** The chart's fixed colours (docs/product.md#dashboard): workers, masters, and the total in the legend. */
const COLOURS = { workers: '#0e8075', masters: '#f59e0b', total: '#334155' } as const;

/** Colours for the employer's own roles, in turn (each with at least 3:1 contrast on white). */
const ROLE_COLOURS = ['#2563eb', '#9333ea', '#db2777', '#0891b2', '#65a30d', '#c2410c'] as const;

/** An employer's own role (beyond 'Punëtor' and 'Mjeshtër') and how many employees hold it. */
export type TRoleCount = { role: string; count: number };

/** A long role name is cut under its bar (the legend below holds it whole). */
function shortLabel(label: string): string {
  return label.length > 12 ? `${label.slice(0, 11)}…` : label;
}

type CountsChartProps = {
  workers: number;
  masters: number;
  /** Every other role held by at least one employee, so the bars add up to the total. */
  otherRoles?: readonly TRoleCount[];
  total: number;
  loading: boolean;
  /** Phones get a shorter chart. */
  compact?: boolean;
};

/**
 * Bar chart of employees by role: 'Puntorë' and 'Mjeshter', then a bar for each of the employer's
 * own roles, so the bars add up to the legend's 'Puntorë Total = {n}'.
 */
export function CountsChart({ workers, masters, otherRoles = [], total, loading, compact = false }: CountsChartProps) {
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
    ...otherRoles.map((entry, index) => ({
      key: `role-${entry.role}`,
      label: entry.role,
      value: entry.count,
      colour: ROLE_COLOURS[index % ROLE_COLOURS.length] ?? COLOURS.total,
    })),
  ];
  return (
    <figure>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="label"
              tick={{ fill: '#334155', fontSize: 13 }}
              tickFormatter={shortLabel}
              axisLine={false}
              tickLine={false}
            />
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
        <span className="sr-only">
          {t('dashboard.chartSummary', { workers, masters, total })}
          {otherRoles.map((entry) => ` ${entry.role}: ${entry.count}.`).join('')}
        </span>
        {data.map((entry) => (
          <span
            key={entry.key}
            className="inline-flex max-w-full min-w-0 items-center gap-1.5"
            aria-hidden="true"
            data-testid="chart-legend-entry"
          >
            <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: entry.colour }} />
            <span className="truncate" title={entry.label}>
              {entry.label}
            </span>
            <span className="tabular-nums text-slate-600" data-testid="chart-legend-count">
              {entry.value}
            </span>
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
