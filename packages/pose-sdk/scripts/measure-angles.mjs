// Measures, on the labelled push-up fixtures, how each rule's angle reads in the picture (2D,
// aspect-corrected) and in BlazePose's world landmarks (3D, metres), at each labelled bottom and
// the top after it, per arm, with the camera view the landmarks show. Prints one table row per
// clip; the choices in docs/decisions.md ("Measuring from any camera") are made on these numbers.
// Usage: node scripts/measure-angles.mjs [tracesDir] [labels.json]   (needs a built package)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseTrace } from '../dist/index.js';

const repo = resolve(import.meta.dirname, '../../..');
const tracesDir = process.argv[2] ?? join(repo, 'fixtures/traces');
const labels = JSON.parse(
  readFileSync(process.argv[3] ?? join(repo, 'fixtures/videos/labels.json'), 'utf8'),
);

const ARM = { left: [11, 13, 15], right: [12, 14, 16] };
const BODY = { left: [11, 23, 27], right: [12, 24, 28] };
const KNEE = { left: [23, 25, 27], right: [24, 26, 28] };
const DEG = 180 / Math.PI;

function angle2d(lm, [a, b, c], size) {
  const ax = (lm[a].x - lm[b].x) * size.width,
    ay = (lm[a].y - lm[b].y) * size.height;
  const cx = (lm[c].x - lm[b].x) * size.width,
    cy = (lm[c].y - lm[b].y) * size.height;
  return Math.abs(Math.atan2(ax * cy - ay * cx, ax * cx + ay * cy)) * DEG;
}
function angle3d(wl, [a, b, c]) {
  const u = [wl[a].x - wl[b].x, wl[a].y - wl[b].y, wl[a].z - wl[b].z];
  const v = [wl[c].x - wl[b].x, wl[c].y - wl[b].y, wl[c].z - wl[b].z];
  const dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  const n = Math.hypot(...u) * Math.hypot(...v);
  return Math.acos(Math.max(-1, Math.min(1, dot / n))) * DEG;
}
const seen = (lm, ids, min = 0.5) => ids.every((id) => lm[id].visibility >= min);
/** degrees between the body's long axis (mid-shoulder to mid-hip) and the image plane, world landmarks */
function axisDepthAngle(wl) {
  const dx = (wl[11].x + wl[12].x - wl[23].x - wl[24].x) / 2;
  const dy = (wl[11].y + wl[12].y - wl[23].y - wl[24].y) / 2;
  const dz = (wl[11].z + wl[12].z - wl[23].z - wl[24].z) / 2;
  return Math.atan2(Math.abs(dz), Math.hypot(dx, dy)) * DEG;
}
/** degrees between the shoulder line and the camera's axis: 0 side view, 90 front or back */
function shoulderYaw(wl) {
  const dx = wl[11].x - wl[12].x,
    dz = wl[11].z - wl[12].z;
  return Math.atan2(Math.abs(dx), Math.abs(dz)) * DEG;
}
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)];
};
const f = (x) => (Number.isFinite(x) ? x.toFixed(0).padStart(4) : '   -');

function measure(frames, size, from, to, ids, pick) {
  // pick: 'min' or 'max' of each measurement over the window; per arm and the mean of both
  const out = { l2: NaN, r2: NaN, m2: NaN, l3: NaN, r3: NaN, m3: NaN };
  const better = (a, b) => (Number.isNaN(a) ? b : pick === 'min' ? Math.min(a, b) : Math.max(a, b));
  for (const fr of frames) {
    if (fr.timestampMs < from || fr.timestampMs > to || fr.landmarks.length === 0) continue;
    const lm = fr.landmarks,
      wl = fr.worldLandmarks;
    const L = seen(lm, ids.left, 0.35),
      R = seen(lm, ids.right, 0.35);
    const l2 = L ? angle2d(lm, ids.left, size) : NaN,
      r2 = R ? angle2d(lm, ids.right, size) : NaN;
    const l3 = L && wl?.length ? angle3d(wl, ids.left) : NaN,
      r3 = R && wl?.length ? angle3d(wl, ids.right) : NaN;
    const mean = (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : (a + b) / 2);
    out.l2 = L ? better(out.l2, l2) : out.l2;
    out.r2 = R ? better(out.r2, r2) : out.r2;
    out.l3 = L ? better(out.l3, l3) : out.l3;
    out.r3 = R ? better(out.r3, r3) : out.r3;
    const m2 = mean(l2, r2),
      m3 = mean(l3, r3);
    if (!Number.isNaN(m2)) out.m2 = better(out.m2, m2);
    if (!Number.isNaN(m3)) out.m3 = better(out.m3, m3);
  }
  return out;
}

console.log(
  'clip                   view    yaw axis | elbow bottom 2D/3D | elbow top 2D/3D | top |L-R| 2D/3D | body@bottom 2D/3D | knee@bottom 2D/3D',
);
for (const label of labels.filter((l) => l.exercise === 'pushup')) {
  const file = join(tracesDir, label.file.replace(/\.mp4$/, '.ndjson'));
  if (!existsSync(file)) continue;
  const { header, frames } = parseTrace(readFileSync(file, 'utf8'));
  const size = { width: header.width, height: header.height };
  const withWorld = frames.filter((fr) => fr.worldLandmarks?.length === 33);
  const yaw = median(withWorld.map((fr) => shoulderYaw(fr.worldLandmarks)));
  const axis = median(withWorld.map((fr) => axisDepthAngle(fr.worldLandmarks)));
  const bottoms = label.rep_bottoms_s.map((s) => s * 1000);
  const rows = bottoms.map((b, i) => {
    const next = bottoms[i + 1] ?? b + 1500;
    return {
      bottom: measure(frames, size, b - 300, b + 300, ARM, 'min'),
      top: measure(frames, size, b, next, ARM, 'max'),
      body: measure(frames, size, b - 300, b + 300, BODY, 'min'),
      knee: measure(frames, size, b - 300, b + 300, KNEE, 'min'),
    };
  });
  const med = (key, field) => median(rows.map((r) => r[key][field]));
  const asym = (field2, field3) => [
    median(rows.map((r) => Math.abs(r.top[`l${field2}`] - r.top[`r${field2}`]))),
    median(rows.map((r) => Math.abs(r.top[`l${field3}`] - r.top[`r${field3}`]))),
  ];
  const [a2, a3] = asym('2', '3');
  console.log(
    `${label.file.slice(7, 29).padEnd(22)} ${label.view.padEnd(7)} ${f(yaw)} ${f(axis)} |` +
      `      ${f(med('bottom', 'm2'))} ${f(med('bottom', 'm3'))}    |    ${f(med('top', 'm2'))} ${f(med('top', 'm3'))}    |` +
      `    ${f(a2)} ${f(a3)}     |     ${f(med('body', 'm2'))} ${f(med('body', 'm3'))}     |    ${f(med('knee', 'm2'))} ${f(med('knee', 'm3'))}`,
  );
}
