// The record flow's pure rules: registration, the rest and limit rules, rotation, the fact
// carousel, the submission payload, and live counting over a real landmark trace.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinDefinitions } from '@reptemple/definitions';
import { parseTrace } from '@reptemple/pose-sdk';
import { describe, expect, it } from 'vitest';
import { CAPTION_FACTS } from '../facts';
import { activeDot, pickFacts } from './fact-carousel';
import { BUILTIN_PUSHUP_DEFINITION_ID, ConfigurationError, liveCountingFor } from './live-analyzer';
import { LiveSession, type LiveSnapshot } from './live-session';
import { type RecordingView, shownOnScreen } from './recording-view';
import {
  checkRegistration,
  isAlreadyRegistered,
  nameFromEmail,
  normalizeEmail,
} from './registration';
import { previewRotation, previewTransform } from './rotation';
import { formatDuration, repsPerMinute, sessionVerdict } from './session-rules';
import {
  analysisData,
  attemptSeconds,
  exerciseCode,
  type FinishedAttempt,
  newSessionId,
  recordingRow,
  referrerFrom,
  uploadFields,
} from './submission';

describe('registration (spec 02 §4, §5)', () => {
  it('names a participant after the part of the e-mail before @', () => {
    expect(nameFromEmail('Ann.Lee@Example.test')).toBe('ann.lee');
    expect(nameFromEmail('@example.test')).toBe('Participant');
  });

  it('lower-cases and trims e-mails', () => {
    expect(normalizeEmail('  Ann@Example.TEST ')).toBe('ann@example.test');
  });

  it('a duel needs a name and an e-mail', () => {
    const missing = {
      ok: false,
      title: 'Missing Information',
      message: 'Please enter your name and email to continue.',
    };
    expect(checkRegistration({ isDuel: true, name: ' ', email: 'a@b.c', gender: 'male' })).toEqual(
      missing,
    );
    expect(checkRegistration({ isDuel: true, name: 'Ann', email: '', gender: 'male' })).toEqual(
      missing,
    );
    expect(
      checkRegistration({ isDuel: true, name: ' Ann ', email: 'A@B.C', gender: 'female' }),
    ).toEqual({ ok: true, name: 'Ann', email: 'a@b.c', gender: 'female' });
  });

  it('other challenges need only the e-mail; the name defaults to it', () => {
    expect(checkRegistration({ isDuel: false, name: '', email: '', gender: 'male' })).toEqual({
      ok: false,
      title: 'Missing Email',
      message: 'Please enter your email to continue.',
    });
    expect(
      checkRegistration({ isDuel: false, name: '', email: 'Bo@x.test', gender: 'male' }),
    ).toEqual({ ok: true, name: 'bo', email: 'bo@x.test', gender: 'male' });
  });

  it("'already registered', 'already exists' and 422 take the one-time-link path", () => {
    expect(isAlreadyRegistered({ message: 'User already registered' })).toBe(true);
    expect(isAlreadyRegistered({ message: 'A user with this email already exists' })).toBe(true);
    expect(isAlreadyRegistered({ message: 'whatever', status: 422 })).toBe(true);
    expect(isAlreadyRegistered({ message: 'Too many requests', status: 429 })).toBe(false);
  });
});

describe('the session rules (spec 02 §4, §9)', () => {
  const clock = { elapsedMs: 10_000, reps: 1, frameMs: 10_000, phaseSinceMs: 10_000 };

  it('a rest over 3 s ends the attempt once a rep is done, after a warning', () => {
    expect(sessionVerdict({ ...clock, phaseSinceMs: 9_500 })).toEqual({ kind: 'running' });
    expect(sessionVerdict({ ...clock, phaseSinceMs: 9_000 })).toEqual({
      kind: 'warning',
      reason: 'rest',
      remainingMs: 2000,
    });
    expect(sessionVerdict({ ...clock, phaseSinceMs: 7_000 }).kind).toBe('warning');
    expect(sessionVerdict({ ...clock, phaseSinceMs: 6_999 })).toEqual({
      kind: 'ended',
      reason: 'rest',
    });
  });

  it('resting before the first rep is setting up, not resting', () => {
    expect(sessionVerdict({ ...clock, reps: 0, phaseSinceMs: 0 })).toEqual({ kind: 'running' });
  });

  it('the attempt ends at 5 minutes, with a warning in the last 30 s', () => {
    expect(sessionVerdict({ ...clock, elapsedMs: 269_999 })).toEqual({ kind: 'running' });
    expect(sessionVerdict({ ...clock, elapsedMs: 270_000 })).toEqual({
      kind: 'warning',
      reason: 'limit',
      remainingMs: 30_000,
    });
    expect(sessionVerdict({ ...clock, elapsedMs: 300_000 })).toEqual({
      kind: 'ended',
      reason: 'limit',
    });
  });

  it('reps per minute and m:ss as spec 02 §9 writes them', () => {
    expect(repsPerMinute(25, 60)).toBe(25);
    expect(repsPerMinute(7, 17)).toBe(25);
    expect(repsPerMinute(3, 0)).toBe(0);
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(300)).toBe('5:00');
  });
});

describe('preview rotation (spec 02 §9)', () => {
  it('turns 180° at screen angle 180 and steps by 180 by hand', () => {
    expect(previewRotation(0, 0)).toBe(0);
    expect(previewRotation(180, 0)).toBe(180);
    expect(previewRotation(90, 0)).toBe(0);
    expect(previewRotation(0, 1)).toBe(180);
    expect(previewRotation(180, 1)).toBe(0);
    expect(previewRotation(0, 3)).toBe(180);
  });

  it('mirrors a front camera in the preview only', () => {
    expect(previewTransform(true, 0)).toBe('scaleX(-1)');
    expect(previewTransform(false, 180)).toBe('rotate(180deg)');
    expect(previewTransform(false, 0)).toBe('none');
  });
});

describe('the fact carousel (spec 02 §9)', () => {
  it('has 32 facts, eight per category, none twice', () => {
    expect(CAPTION_FACTS).toHaveLength(32);
    for (const category of ['record', 'benefit', 'fact', 'fun'])
      expect(CAPTION_FACTS.filter((fact) => fact.category === category)).toHaveLength(8);
    expect(new Set(CAPTION_FACTS.map((fact) => fact.text)).size).toBe(32);
  });

  it('picks 20 different facts, in an order the random source decides', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const picked = pickFacts(CAPTION_FACTS, random);
    expect(picked).toHaveLength(20);
    expect(new Set(picked).size).toBe(20);
    const first = pickFacts(CAPTION_FACTS, () => 0);
    expect(first.map((fact) => fact.text)).toEqual(CAPTION_FACTS.slice(0, 20).map((f) => f.text));
    const last = pickFacts(CAPTION_FACTS, () => 0.999999);
    expect(last[0]).toBe(CAPTION_FACTS[31]);
  });

  it('lights one of 10 dots, going round twice', () => {
    expect([0, 9, 10, 19].map((index) => activeDot(index))).toEqual([0, 9, 0, 9]);
  });
});

const attempt: FinishedAttempt = {
  id: 'abc12345-lx0-00000001',
  challengeId: 'abc12345-0000-4000-8000-000000000000',
  userId: 'u1',
  recordedAt: '2026-05-10T12:00:00.000Z',
  validReps: 12,
  invalidReps: 2,
  durationSeconds: 61.5,
  endedBy: 'rest',
  reps: [{ repNumber: 1, startTime: 0, endTime: 900, isValidRep: true, invalidReason: null }],
  analyser: 'pushup',
  model: 'lite',
  analysedFrames: 900,
  analysedFps: 14.63,
  definition: null,
  exerciseName: 'Push-up',
  timeZone: 'Pacific/Auckland',
};

describe('the submission (spec 02 §3, §7)', () => {
  it('session ids take only what the upload accepts', () => {
    const id = newSessionId('0f3c2a1b-aaaa-4000-8000-000000000000', 1_700_000_000_000, () => 0.5);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(id.startsWith('0f3c2a1b-')).toBe(true);
  });

  it('the exercise is the definition name upper-cased, PUSHUP without one', () => {
    expect(exerciseCode('Push-up')).toBe('PUSHUP');
    expect(exerciseCode('Goblet squat 2')).toBe('GOBLETSQUAT2');
    expect(exerciseCode('')).toBe('PUSHUP');
    expect(exerciseCode(null)).toBe('PUSHUP');
  });

  it('a referrer is an e-mail address, lower-cased; anything else is dropped', () => {
    expect(referrerFrom(' Pal@Example.TEST ')).toBe('pal@example.test');
    expect(referrerFrom('not an email')).toBeNull();
    expect(referrerFrom(null)).toBeNull();
  });

  it('durations stay within the 5-minute limit, to the hundredth of a second', () => {
    expect(attemptSeconds(61_504)).toBe(61.5);
    expect(attemptSeconds(301_000)).toBe(300);
    expect(attemptSeconds(-5)).toBe(0);
  });

  it('analysis_data holds what spec 02 §3 lists', () => {
    const data = analysisData(attempt, true);
    expect(Object.keys(data).sort()).toEqual([
      'analysis_results',
      'completed_reps',
      'exercise',
      'exercise_definition',
      'is_daily_challenge',
      'video_source',
    ]);
    expect(data).toMatchObject({
      exercise: 'Push-up',
      video_source: 'live_camera',
      is_daily_challenge: true,
      analysis_results: { validReps: 12, invalidReps: 2, totalReps: 14, analysedFps: 14.6 },
    });
  });

  it('analysis_data keeps when live counting started, so the live reps line up with the video', () => {
    expect(
      analysisData({ ...attempt, countingStartMs: 118.6 }, false).analysis_results,
    ).toMatchObject({ countingStartMs: 119 });
    // An attempt kept on the device from before it was measured has none.
    expect(analysisData(attempt, false).analysis_results).not.toHaveProperty('countingStartMs');
  });

  it('the upload fields are those of spec 02 §7', () => {
    const fields = uploadFields(attempt, 'Gym Wall', false);
    expect(Object.keys(fields).sort()).toEqual([
      'analysisData',
      'challengeName',
      'exercise',
      'sessionId',
      'totalPushups',
    ]);
    expect(fields).toMatchObject({
      sessionId: attempt.id,
      exercise: 'PUSHUP',
      totalPushups: '12',
      challengeName: 'Gym Wall',
    });
    expect(JSON.parse(fields.analysisData!).is_daily_challenge).toBe(false);
  });

  it('the row carries the participant, the counts, the upload and the referrer', () => {
    const participant = {
      userId: 'u1',
      email: 'ann@x.test',
      name: 'Ann',
      gender: 'female' as const,
    };
    const row = recordingRow(attempt, participant, false, 'Pal@X.test', {
      videoUrl: '/media/videos/a.webm',
      gifUrl: '/media/gifs/a.gif',
    });
    expect(row).toMatchObject({
      challenge_id: attempt.challengeId,
      user_id: 'u1',
      email: 'ann@x.test',
      name: 'Ann',
      gender: 'female',
      valid_reps: 12,
      invalid_reps: 2,
      duration_seconds: 61.5,
      video_url: '/media/videos/a.webm',
      gif_url: '/media/gifs/a.gif',
      referred_by: 'pal@x.test',
      // The participant's zone goes with the row: the one-a-day rule counts their days.
      time_zone: 'Pacific/Auckland',
    });
    const withoutVideo = recordingRow(attempt, participant, false, null, null);
    expect(withoutVideo.video_url).toBeNull();
    expect(withoutVideo.gif_url).toBeNull();
    expect(withoutVideo.referred_by).toBeNull();
    // An attempt kept on the device from before the zone was recorded: the database uses UTC.
    const { timeZone: _, ...older } = attempt;
    expect(recordingRow(older, participant, true, null, null).time_zone).toBeNull();
  });
});

describe('live counting', () => {
  const pushup = builtinDefinitions.pushup;

  it('the built-in push-up counts with the push-up analyser, any other definition with its own', () => {
    expect(
      liveCountingFor({ id: BUILTIN_PUSHUP_DEFINITION_ID, name: 'Push-up', definition: pushup })
        .analyser,
    ).toBe('pushup');
    expect(
      liveCountingFor({ id: 'another', name: 'Push-up copy', definition: pushup }).analyser,
    ).toBe('definition');
    expect(() => liveCountingFor({ id: 'x', name: 'Broken', definition: { angles: [] } })).toThrow(
      ConfigurationError,
    );
    expect(() => liveCountingFor(null)).toThrow(ConfigurationError);
  });

  it('counts a real trace, remembers the last invalid reason and when the phase changed', () => {
    const text = readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../../../fixtures/traces/pushup/08-tank-top-side.ndjson',
      ),
      'utf8',
    );
    const trace = parseTrace(text);
    const counting = liveCountingFor({
      id: BUILTIN_PUSHUP_DEFINITION_ID,
      name: 'Push-up',
      definition: pushup,
    });
    const session = new LiveSession(counting, {
      width: trace.header.width,
      height: trace.header.height,
    });
    // A camera starts at its own time: the session counts from its first frame.
    for (const frame of trace.frames)
      session.add({ ...frame, timestampMs: frame.timestampMs + 5000 });
    const snapshot = session.finish();
    expect(snapshot.validReps + snapshot.invalidReps).toBe(5);
    expect(snapshot.frameMs).toBeCloseTo(
      trace.frames.at(-1)!.timestampMs - trace.frames[0]!.timestampMs,
      6,
    );
    if (snapshot.invalidReps > 0) expect(snapshot.lastInvalidReason).toBeTruthy();
    expect(snapshot.phaseSinceMs).toBeLessThanOrEqual(snapshot.frameMs);
    expect(session.reps).toHaveLength(5);
  });

  it("passes the camera's world landmarks on: the reps know the view, as in the CLI", () => {
    const text = readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../../../fixtures/traces/pushup/21-knee-test-park-oblique.ndjson',
      ),
      'utf8',
    );
    const trace = parseTrace(text);
    const session = new LiveSession(
      liveCountingFor({ id: BUILTIN_PUSHUP_DEFINITION_ID, name: 'Push-up', definition: pushup }),
      { width: trace.header.width, height: trace.header.height },
    );
    for (const frame of trace.frames) session.add(frame);
    session.finish();
    expect(session.reps.length).toBeGreaterThan(0);
    // Knee push-ups filmed obliquely: the view sees the knees, so no rep is credited.
    for (const rep of session.reps) {
      expect(rep.evidence?.view).toBe('oblique');
      expect(rep.isValidRep).toBe(false);
    }
  });

  it('a pause of counting (diagnostics: inference only) is not rest', () => {
    const counting = liveCountingFor({
      id: BUILTIN_PUSHUP_DEFINITION_ID,
      name: 'Push-up',
      definition: pushup,
    });
    const session = new LiveSession(counting, { width: 640, height: 360 });
    const still = (timestampMs: number) => ({ timestampMs, landmarks: [] });
    session.add(still(0));
    session.add(still(500));
    const before = session.snapshot.phaseSinceMs;
    session.pause();
    // Frames come again 10 s later: the phase has not changed, yet the rest clock restarts.
    session.add(still(10_500));
    expect(before).toBe(0);
    expect(session.snapshot.phaseSinceMs).toBe(10_500);
    session.add(still(11_000));
    expect(session.snapshot.phaseSinceMs).toBe(10_500);
  });
});

describe('the attempt screen is redrawn only when what it shows changes', () => {
  const snapshot: LiveSnapshot = {
    validReps: 3,
    invalidReps: 1,
    phase: 'up',
    isValidPosition: true,
    lastInvalidReason: null,
    frameMs: 12_000,
    phaseSinceMs: 11_500,
    analysedFrames: 240,
  };
  const view: RecordingView = {
    stage: 'recording',
    countdown: null,
    snapshot,
    verdict: { kind: 'running' },
    elapsedMs: 12_100,
    inferenceOnly: false,
    modelReady: true,
    mirrored: true,
  };
  const shown = shownOnScreen(view);

  it('not for a new frame that changes nothing on screen, nor within the same second', () => {
    expect(
      shownOnScreen({
        ...view,
        elapsedMs: 12_900,
        snapshot: { ...snapshot, frameMs: 12_800, analysedFrames: 255 },
      }),
    ).toBe(shown);
  });

  it('for every count, the phase, the position, the reason, the clock and the warnings', () => {
    const changes: Partial<RecordingView>[] = [
      { snapshot: { ...snapshot, validReps: 4 } },
      { snapshot: { ...snapshot, invalidReps: 2 } },
      { snapshot: { ...snapshot, phase: 'down' } },
      { snapshot: { ...snapshot, isValidPosition: false } },
      { snapshot: { ...snapshot, lastInvalidReason: "Didn't extend fully" } },
      { elapsedMs: 13_000 },
      { verdict: { kind: 'warning', reason: 'rest', remainingMs: 1_500 } },
      { stage: 'finishing' },
      { countdown: 3 },
      { inferenceOnly: true },
      { modelReady: false },
      { mirrored: false },
    ];
    for (const change of changes)
      expect(shownOnScreen({ ...view, ...change }), JSON.stringify(change)).not.toBe(shown);
    // A warning's seconds count down on screen.
    const warning = (remainingMs: number): RecordingView => ({
      ...view,
      verdict: { kind: 'warning', reason: 'rest', remainingMs },
    });
    expect(shownOnScreen(warning(1_900))).toBe(shownOnScreen(warning(1_100)));
    expect(shownOnScreen(warning(1_000))).not.toBe(shownOnScreen(warning(1_100)));
  });
});
