// `reptemple judge`'s outputs: the per-rep table for the terminal and one self-contained HTML
// report (no external file or script: contact sheets as data: URIs, the plot as inline SVG) that
// a judge can keep with the submission.

import type { PhaseChange, RepEvidence, VideoVerification } from '@reptemple/verifier';

export interface JudgeReportInput {
  readonly video: string;
  readonly analyser: string;
  readonly verification: VideoVerification;
  /** When the report was made (ISO 8601); passed in so the output is reproducible in tests. */
  readonly createdAt: string;
}

const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(2));
const degrees = (angle: number | null) => (angle === null ? '-' : `${Math.round(angle)}`);

/** The per-rep table, fixed-width, one line per rep. */
export function formatRepTable(reps: readonly RepEvidence[]): string {
  const header = ['rep', 'start s', 'end s', 'bottom°', 'top°', 'phases', 'verdict'];
  const rows = reps.map((rep) => [
    String(rep.repNumber),
    seconds(rep.startMs),
    seconds(rep.endMs),
    degrees(rep.bottomAngle),
    degrees(rep.topAngle),
    rep.phasePath.join('>'),
    rep.isValid ? 'valid' : `invalid: ${rep.invalidReason ?? ''}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Colours of the phase bands behind the plot (any analyser's phase names). */
const PHASE_COLOURS: Record<string, string> = {
  up: '#dbeafe',
  start: '#dbeafe',
  transition: '#fef9c3',
  down: '#fee2e2',
  end: '#fee2e2',
  unknown: '#f3f4f6',
};

const PLOT = { width: 1000, height: 260, left: 44, right: 10, top: 10, bottom: 28 };

/** The driving angle over time, with the phase the analyser was in as bands behind it and each
 * rep's span marked (green valid, red invalid). */
function anglePlot(verification: VideoVerification): string {
  const { angles, phases, reps } = verification.analysis;
  const end = Math.max(verification.durationMs, angles.at(-1)?.t ?? 0, 1);
  const innerWidth = PLOT.width - PLOT.left - PLOT.right;
  const innerHeight = PLOT.height - PLOT.top - PLOT.bottom;
  const x = (t: number) => PLOT.left + (t / end) * innerWidth;
  const y = (angle: number) => PLOT.top + (1 - angle / 180) * innerHeight;
  const bands = phases.map((change: PhaseChange, index) => {
    const until = phases[index + 1]?.t ?? end;
    const fill = PHASE_COLOURS[change.phase] ?? '#f3f4f6';
    return `<rect x="${x(change.t).toFixed(1)}" y="${PLOT.top}" width="${Math.max(0, x(until) - x(change.t)).toFixed(1)}" height="${innerHeight}" fill="${fill}"><title>${escapeHtml(change.phase)} from ${seconds(change.t)} s</title></rect>`;
  });
  const repMarks = reps.map(
    (rep) =>
      `<rect x="${x(rep.startMs).toFixed(1)}" y="${PLOT.top + innerHeight - 6}" width="${Math.max(1, x(rep.endMs) - x(rep.startMs)).toFixed(1)}" height="6" fill="${rep.isValid ? '#16a34a' : '#dc2626'}"><title>rep ${rep.repNumber}</title></rect>`,
  );
  const line = angles
    .map(
      (sample, index) =>
        `${index === 0 ? 'M' : 'L'}${x(sample.t).toFixed(1)},${y(sample.angle).toFixed(1)}`,
    )
    .join('');
  const grid = [0, 45, 90, 135, 180].map(
    (angle) =>
      `<line x1="${PLOT.left}" x2="${PLOT.width - PLOT.right}" y1="${y(angle)}" y2="${y(angle)}" stroke="#d1d5db" stroke-width="0.5"/><text x="${PLOT.left - 6}" y="${y(angle) + 4}" text-anchor="end">${angle}°</text>`,
  );
  const ticks: string[] = [];
  const step = end > 60_000 ? 10_000 : 5_000;
  for (let t = 0; t <= end; t += step) {
    ticks.push(
      `<text x="${x(t)}" y="${PLOT.height - 8}" text-anchor="middle">${t / 1000} s</text>`,
    );
  }
  return `<svg viewBox="0 0 ${PLOT.width} ${PLOT.height}" role="img" aria-label="${escapeHtml(verification.analysis.drivingAngle.name)} angle over time with the analyser's phases">
${bands.join('\n')}
${grid.join('\n')}
<path d="${line}" fill="none" stroke="#1d4ed8" stroke-width="1.2"/>
${repMarks.join('\n')}
${ticks.join('\n')}
</svg>`;
}

/** What the refinement of a sampled pass looked at again, at the video's own rate. */
function refinementRow(verification: VideoVerification): string {
  const refinement = verification.refinement;
  if (refinement === null) return '';
  const { sampled } = refinement;
  const looked =
    refinement.windows.length === 0
      ? 'nothing: no verdict was close to its threshold'
      : `${refinement.frames} frames at the video's own rate around ${refinement.windows.length} moments close to a threshold (values marked "every frame" below)`;
  return `<dt>Looked at again</dt><dd>${looked}; the sampled pass alone counted ${sampled.validReps} valid, ${sampled.invalidReps} invalid</dd>`;
}

/** Each rule's deciding value, threshold and frame; marked where taken at the video's own rate. */
function checksText(rep: RepEvidence): string {
  return rep.checks
    .map((check) => {
      const at = check.timeMs === null ? '' : ` at ${seconds(check.timeMs)} s`;
      const rate = check.fullRate ? ' (every frame)' : '';
      const sign = check.bound === 'min' ? '≥' : '≤';
      return `${escapeHtml(check.rule)} ${Math.round(check.value * 10) / 10} ${sign} ${check.threshold}${at}${rate}${check.passed ? '' : ' ✗'}`;
    })
    .join('; ');
}

export function renderJudgeReport(input: JudgeReportInput): string {
  const { verification } = input;
  const { analysis } = verification;
  const legend = Object.entries(PHASE_COLOURS)
    .filter(([phase]) => analysis.phases.some((change) => change.phase === phase))
    .map(
      ([phase, colour]) =>
        `<span class="swatch" style="background:${colour}"></span>${escapeHtml(phase)}`,
    )
    .join(' ');
  const rows = analysis.reps.map((rep) => {
    const sheet = verification.contactSheets.get(rep.repNumber);
    const image = sheet
      ? `<img alt="Rep ${rep.repNumber}: bottom and top frames" src="data:image/jpeg;base64,${sheet.toString('base64')}">`
      : '';
    const measurements = Object.entries(rep.measurements)
      .map(([name, value]) => `${escapeHtml(name)} ${Math.round(value * 10) / 10}`)
      .join(', ');
    return `<tr id="rep-${rep.repNumber}" class="${rep.isValid ? 'valid' : 'invalid'}">
<td>${rep.repNumber}</td><td>${seconds(rep.startMs)}–${seconds(rep.endMs)} s</td>
<td>${degrees(rep.bottomAngle)}° at ${seconds(rep.bottomMs)} s<br>${degrees(rep.topAngle)}° at ${seconds(rep.topMs)} s</td>
<td>${escapeHtml(rep.phasePath.join(' → '))}</td>
<td><strong>${rep.isValid ? 'valid' : escapeHtml(rep.invalidReason ?? 'invalid')}</strong><br><small>${checksText(rep)}</small><br><small>${measurements}</small></td>
<td>${image}</td></tr>`;
  });
  const timing = verification.timing;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>RepTemple judge report: ${escapeHtml(input.video)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111827}
h1{font-size:20px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e5e7eb;padding:6px;text-align:left;vertical-align:top}
tr.invalid td:first-child{border-left:4px solid #dc2626}tr.valid td:first-child{border-left:4px solid #16a34a}
img{max-width:520px;height:auto;display:block}svg{width:100%;height:auto;font-size:11px;fill:#374151}
.swatch{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle;border:1px solid #d1d5db}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dt{color:#6b7280}
</style></head><body>
<h1>Judge report: ${escapeHtml(input.video)}</h1>
<dl>
<dt>Valid reps</dt><dd><strong>${analysis.validReps}</strong></dd>
<dt>Invalid reps</dt><dd>${analysis.invalidReps}</dd>
<dt>Analyser</dt><dd>${escapeHtml(input.analyser)}</dd>
<dt>Pose model</dt><dd>${escapeHtml(verification.model)}</dd>
<dt>Frames analysed</dt><dd>${timing.frames} (${verification.fps === undefined ? 'every frame' : `${verification.fps} per second`}) of a ${(verification.durationMs / 1000).toFixed(1)} s video, ${verification.frameSize.width}x${verification.frameSize.height}</dd>
${refinementRow(verification)}
<dt>Made</dt><dd>${escapeHtml(input.createdAt)}</dd>
</dl>
<h2>${escapeHtml(analysis.drivingAngle.name)} angle over time</h2>
<p>Bands: the analyser's phase ${legend}. Marks under the curve: each rep (green valid, red invalid).</p>
${anglePlot(verification)}
<h2>Reps</h2>
<table><thead><tr><th>Rep</th><th>Time</th><th>Bottom / top</th><th>Phases</th><th>Verdict</th><th>Bottom and top frames</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</body></html>
`;
}
