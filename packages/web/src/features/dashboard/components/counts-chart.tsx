import { useState } from 'react';
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

/** Lines across the chart: 0 and four steps above it. */
const STEPS = 4;

/**
 * The value axis' step: a whole number of the 1-2-5 series, so that four steps reach the highest
 * bar (0–4 with no employees yet).
 */
export function axisStep(highest: number): number {
  const needed = Math.max(1, Math.ceil(highest / STEPS));
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const factor of [1, 2, 5]) {
      if (factor * magnitude >= needed) return factor * magnitude;
    }
  }
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
 * own roles, so the bars add up to the legend's 'Puntorë Total = {n}'. Drawn with CSS boxes in a
 * box of fixed height (no chart library: the dashboard is the employer's first screen, and a
 * library's download and layout work delayed it), the same size while loading and loaded.
 */
export function CountsChart({ workers, masters, otherRoles = [], total, loading, compact = false }: CountsChartProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState<string | null>(null);
  const height = compact ? 220 : 300;
  if (loading) {
    return (
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className={`w-full ${compact ? 'h-[220px]' : 'h-[300px]'}`} />
        <Skeleton className="mx-auto h-5 w-40" />
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
  const step = axisStep(Math.max(0, ...data.map((entry) => entry.value)));
  const top = step * STEPS;
  const ticks = Array.from({ length: STEPS + 1 }, (_, index) => index * step);
  return (
    <figure>
      <div style={{ height }} aria-hidden="true" className="relative select-none" data-testid="counts-chart">
        {/* The plot: 8 px clear above, the value axis at the left, the role names below. */}
        <div className="absolute top-2 right-2 bottom-7 left-9">
          {ticks.map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-dashed border-slate-200"
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              <span className="absolute right-full mr-2 -translate-y-1/2 text-xs tabular-nums text-slate-600">
                {tick}
              </span>
            </div>
          ))}
          <div className="absolute inset-0 flex">
            {data.map((entry) => (
              <div
                key={entry.key}
                className={`relative flex min-w-0 flex-1 items-end justify-center ${hovered === entry.key ? 'bg-slate-100' : ''}`}
                onPointerEnter={() => setHovered(entry.key)}
                onPointerLeave={() => setHovered(null)}
              >
                <div
                  className="w-4/5 max-w-24 rounded-t-lg"
                  style={{ height: `${(entry.value / top) * 100}%`, backgroundColor: entry.colour }}
                />
                <span
                  className="absolute inset-x-0 top-full mt-1.5 truncate px-1 text-center text-[13px] text-slate-700"
                  title={entry.label}
                >
                  {shortLabel(entry.label)}
                </span>
                {hovered === entry.key ? (
                  <span className="absolute top-2 z-10 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm whitespace-nowrap shadow-sm">
                    <span className="block text-slate-900">{entry.label}</span>
                    <span className="block" style={{ color: entry.colour }}>
                      {t('dashboard.chartTitle')}: {entry.value}
                    </span>
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        </div>
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
