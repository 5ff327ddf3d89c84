// Charts of the analytics page, drawn with Chart.js (tree-shaken: only the bar and doughnut
// charts are registered). This module is imported by the analytics page only, so Chart.js lands
// in that page's chunk and never in a visitor's download.

import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Tooltip,
  Legend,
);

/** The design card's colours (src/styles.css). */
export const CHART_COLORS = {
  gold: '#e8b84a',
  danger: '#f87171',
  ink: '#f5f2ee',
  muted: '#b3aba3',
  line: '#3a3430',
} as const;

Chart.defaults.color = CHART_COLORS.muted;
Chart.defaults.borderColor = CHART_COLORS.line;
Chart.defaults.font.family =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** One chart in a figure: the caption names it and `summary` says its data in words for screen
 * readers (the canvas is an image to them). */
export function ChartFigure(props: {
  id: string;
  title: string;
  summary: string;
  config: ChartConfiguration<'bar'> | ChartConfiguration<'doughnut'>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { config } = props;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const chart = new Chart(canvas, {
      ...config,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: prefersReducedMotion() ? false : undefined,
        ...config.options,
      },
    } as ChartConfiguration);
    return () => chart.destroy();
  }, [config]);

  return (
    <figure className="rounded-xl border border-line bg-surface p-5" data-chart={props.id}>
      <figcaption className="font-semibold text-ink">{props.title}</figcaption>
      <div className="relative mt-4 h-64">
        <canvas ref={canvasRef} role="img" aria-label={`${props.title}: ${props.summary}`} />
      </div>
    </figure>
  );
}
