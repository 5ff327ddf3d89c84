import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { ANALYTICS } from '../constants';
import type { AdminRecording } from '../data/types';
import { repTotals, submissionsPerDay, validRepsDistribution } from '../lib/analytics';
import { CHART_COLORS, ChartFigure } from './chart-canvas';

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

function dayLabel(key: string): string {
  const [year, month, day] = key.split('-').map(Number);
  return dayFormat.format(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } } as const;

/** What an organiser wants at a glance: submissions per day, the distribution of valid reps, and
 * valid against invalid reps. */
export function AnalyticsCharts(props: { recordings: readonly AdminRecording[] }) {
  const { recordings } = props;
  const perDay = useMemo(() => submissionsPerDay(recordings), [recordings]);
  const distribution = useMemo(() => validRepsDistribution(recordings), [recordings]);
  const totals = useMemo(() => repTotals(recordings), [recordings]);

  const perDayConfig = useMemo(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: perDay.map((entry) => dayLabel(entry.day)),
        datasets: [
          {
            label: 'Submissions',
            data: perDay.map((entry) => entry.count),
            backgroundColor: CHART_COLORS.gold,
            borderRadius: 4,
            maxBarThickness: 56,
          },
        ],
      },
      options: { plugins: { legend: { display: false } }, scales: { y: COUNT_AXIS } },
    }),
    [perDay],
  );
  const distributionConfig = useMemo(
    (): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: distribution.map((bin) => bin.label),
        datasets: [
          {
            label: 'Recordings',
            data: distribution.map((bin) => bin.count),
            backgroundColor: CHART_COLORS.gold,
            borderRadius: 4,
            maxBarThickness: 56,
          },
        ],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: 'Valid reps' } },
          y: { ...COUNT_AXIS, title: { display: true, text: 'Recordings' } },
        },
      },
    }),
    [distribution],
  );
  const totalsConfig = useMemo(
    (): ChartConfiguration<'doughnut'> => ({
      type: 'doughnut',
      data: {
        labels: ['Valid reps', 'Invalid reps'],
        datasets: [
          {
            data: [totals.valid, totals.invalid],
            backgroundColor: [CHART_COLORS.gold, CHART_COLORS.danger],
            borderColor: CHART_COLORS.line,
          },
        ],
      },
      options: { plugins: { legend: { position: 'bottom' } } },
    }),
    [totals],
  );

  const share =
    totals.valid + totals.invalid === 0
      ? 0
      : Math.round((totals.valid / (totals.valid + totals.invalid)) * 100);

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartFigure
        id="per-day"
        title={ANALYTICS.charts.perDay}
        summary={perDay.map((entry) => `${dayLabel(entry.day)}: ${entry.count}`).join(', ')}
        config={perDayConfig}
      />
      <ChartFigure
        id="distribution"
        title={ANALYTICS.charts.distribution}
        summary={distribution.map((bin) => `${bin.label} reps: ${bin.count}`).join(', ')}
        config={distributionConfig}
      />
      <ChartFigure
        id="valid-vs-invalid"
        title={ANALYTICS.charts.validVsInvalid}
        summary={`${totals.valid} valid, ${totals.invalid} invalid (${share}% valid)`}
        config={totalsConfig}
      />
    </div>
  );
}
