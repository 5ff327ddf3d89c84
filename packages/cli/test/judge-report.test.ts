// reptemple judge's outputs: the table has one line per rep with its verdict; the HTML report is
// self-contained (no external file or script) and carries every rep's reason, its frames and the plot.

import type { RepEvidence } from '@reptemple/verifier';
import { describe, expect, it } from 'vitest';
import { formatRepTable, renderJudgeReport } from '../src/core/judge-report.js';

const reps: RepEvidence[] = [
  {
    repNumber: 1,
    startMs: 100,
    endMs: 1500,
    angleName: 'Elbow',
    bottomAngle: 82.4,
    bottomMs: 800,
    topAngle: 168,
    topMs: 1450,
    phasePath: ['up', 'transition', 'down', 'transition', 'up'],
    isValid: true,
    invalidReason: null,
    measurements: { alignmentScore: 91.2 },
    checks: [
      {
        rule: 'lockout',
        measurement: '2d',
        value: 161.2,
        threshold: 160,
        bound: 'min',
        passed: true,
        side: 'both',
        timeMs: 1450,
        fullRate: true,
      },
    ],
  },
  {
    repNumber: 2,
    startMs: 1500,
    endMs: 2900,
    angleName: 'Elbow',
    bottomAngle: 131,
    bottomMs: 2200,
    topAngle: 166,
    topMs: 2850,
    phasePath: ['up', 'transition', 'up'],
    isValid: false,
    invalidReason: "Didn't go low enough",
    measurements: {},
    checks: [
      {
        rule: 'depth',
        measurement: '2d',
        value: 131,
        threshold: 120,
        bound: 'max',
        passed: false,
        side: 'both',
        timeMs: 2200,
        fullRate: false,
      },
    ],
  },
];

const verification = {
  analysis: {
    validReps: 1,
    invalidReps: 1,
    frames: 36,
    drivingAngle: {
      id: 'elbow',
      name: 'Elbow',
      landmarks: [11, 13, 15] as [number, number, number],
    },
    reps,
    angles: [
      { t: 0, angle: 170 },
      { t: 800, angle: 82 },
      { t: 1500, angle: 168 },
      { t: 2200, angle: 131 },
      { t: 2900, angle: 166 },
    ],
    phases: [
      { t: 0, phase: 'up' },
      { t: 500, phase: 'down' },
      { t: 1400, phase: 'up' },
    ],
  },
  contactSheets: new Map([[1, Buffer.from('jpeg-bytes')]]),
  contactSheetFailures: [],
  frameSize: { width: 640, height: 360 },
  durationMs: 3000,
  fps: 12,
  refinement: {
    windows: [{ startMs: 1367, endMs: 1533 }],
    moments: [],
    frames: 6,
    rounds: 1,
    sampled: { validReps: 0, invalidReps: 2 },
  },
  model: 'lite',
  decodeWarnings: [],
  timing: {
    wallMs: 1,
    inferenceMs: 1,
    extractionMs: 1,
    frameWaitMs: 0,
    analysisMs: 0,
    contactSheetsMs: 0,
    frames: 36,
    refinementInferenceMs: 0,
    refinementMs: 0,
    refinementFrames: 8,
  },
};

describe('judge report', () => {
  it('prints one line per rep with its angles, phases and verdict', () => {
    const lines = formatRepTable(reps).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1 .* 82 .* 168 .*up>transition>down>transition>up +valid$/);
    expect(lines[2]).toMatch(/invalid: Didn't go low enough$/);
  });

  it('writes one self-contained HTML file with the reasons, the frames and the plot', () => {
    const html = renderJudgeReport({
      video: 'clip <1>.webm',
      analyser: 'push-up analyser',
      verification,
      createdAt: '2026-11-25T12:00:00.000Z',
    });
    expect(html).toContain('clip &lt;1&gt;.webm');
    expect(html).toContain("Didn't go low enough");
    expect(html).toContain(
      `src="data:image/jpeg;base64,${Buffer.from('jpeg-bytes').toString('base64')}"`,
    );
    expect(html).toMatch(/<svg[^>]*>[\s\S]*<path d="M/);
    expect(html).toContain('id="rep-2"');
    // Each rule's deciding value and frame, marked where it was taken at the video's own rate.
    expect(html).toContain('lockout 161.2 ≥ 160 at 1.45 s (every frame)');
    expect(html).toContain('depth 131 ≤ 120 at 2.20 s ✗');
    expect(html).toContain('the sampled pass alone counted 0 valid, 2 invalid');
    // Nothing fetched from elsewhere: no external src, href or script.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toContain('<script');
  });
});
