/**
 * Every number the analysers use, in one place. The spec's constants (spec 01 §4, §9) keep their
 * names and values; the few the spec leaves open are marked "decision" and explained in
 * docs/decisions.md.
 */

/**
 * The judges' form rules beyond the spec (docs/judging-rubric.md, decisions "Verdicts a judge would
 * sign"): the push-up analyser always judges them, a definition when it lists them (formRules).
 */
export const FORM_RULE_DEFAULTS = {
  /**
   * Decision (the judges' depth, docs/judging-rubric.md): at the bottom the upper arm must come
   * down to within this of parallel to the floor (the shoulder about level with the elbow), from
   * the side and obliquely. The spec's elbow angle alone credits a rep whose hands are far ahead
   * of the shoulders at an elbow of 101 degrees with the shoulders high above the elbows (clip 09).
   */
  maxUpperArmElevation: 50, // degrees above the floor
  /**
   * Decision (the judges' body line): the hip may lie off the straight line shoulder-ankle by at
   * most this share of the body's length toward the floor (a sag)...
   */
  maxHipSag: 10, // % of the line's length
  /** ...or away from the floor (a pike). */
  maxHipPike: 12, // % of the line's length
  /**
   * Decision: the worm (the shoulders rise first, the hips follow late): the hips may sag at
   * most this much further on the way up than at the bottom.
   */
  maxWormRise: 3.5, // % of the line's length
  /** Decision: a sag or a pike counts when it holds this long (one frame is tracking noise). */
  bodyLineHold: 100, // ms
  /**
   * Decision: knees on the floor bend the knee below this (the built-in push-up definition's knee
   * range begins here too)...
   */
  minKneeAngle: 140, // degrees
  /** ...held this long (getting into position and tracking glitches bend it for less). */
  kneeHold: 300, // ms
} as const;

/** The fixed push-up analyser (spec 01 §9). Angles in degrees, times in ms, scores in %. */
export const PUSHUP_ANALYZER_DEFAULTS = {
  /** A rep whose body alignment averages below this is invalid. */
  minAlignmentScore: 75, // %
  /** A valid rep bends the elbow to at most this angle at the bottom. */
  maxElbowAngleForDown: 105, // degrees
  /** The elbow angle from which the arms count as extended ('up'). */
  minUpAngle: 160, // degrees
  /** The elbow angle up to which the arms count as bent ('down'). */
  maxDownAngle: 120, // degrees
  /** A change between up and down needs at least this long since the previous one. */
  minTransitionTime: 50, // ms
  /** Landmarks count as visible from this BlazePose visibility. */
  minLandmarkVisibility: 0.5,
  /** The elbow angle's own three landmarks need only this fraction of minLandmarkVisibility. */
  elbowVisibilityFactor: 0.7,
  /** Of the 6 arm landmarks (shoulders, elbows, wrists), at least this many must be visible. */
  minVisibleArmLandmarks: 4,
  /** Of the 4 hip and leg landmarks (hips, knees), at least this many must be visible. */
  minVisibleHipLegLandmarks: 2,
  /** Alignment is judged on the mean of the last this many samples. */
  alignmentSampleCount: 10,
  /** A drop is a mean alignment below minAlignmentScore minus this. */
  alignmentDropMargin: 15, // % points
  /** More drops than this in one rep make it invalid. */
  maxAlignmentDrops: 6,
  /**
   * Decision: a rep is invalid for visibility when fewer than this share of its frames that show
   * the person passed the landmark gates above (frames where the detector found no one are
   * neither: docs/decisions.md, "Visibility").
   */
  minVisibleFrameShare: 0.5,
  /**
   * Decision: reps are cut at turning points of the elbow angle, so that a rep whose arms never
   * reach minUpAngle is still counted (and judged "Didn't extend fully").
   * A fall of this many degrees from the highest angle at a top starts a cycle.
   */
  cycleReversal: 15, // degrees
  /** Decision: a cycle is a rep only if the elbow bent, and then rose again, by at least this. */
  minCycleRise: 30, // degrees
  /**
   * Decision: the elbow angle is the median of this long a window (at least 3 samples), which
   * removes tracking glitches of a frame or two over the same time span from 20 fps up.
   */
  glitchWindow: 100, // ms
  /**
   * Decision: ...and where three samples span more than the window (below 20 fps), an elbow angle
   * within this of the median is kept as measured (a Hampel filter, as in the definition
   * analyser). At a real 15 fps extraction clip 09's second bottom is one sample, and the median
   * of three flattened the bend below minCycleRise: one rep short. Smaller than the definition
   * analyser's 15 because this analyser counts cycles of relative extremes, which jitter feeds: on
   * sampled 15 fps traces 5 to 8 changed nothing, 10 changed 25, and from 12 a sag-and-dip of 04
   * counted.
   */
  glitchKeepWithin: 8, // degrees
  /**
   * Decision: after frames without a person, BlazePose's first frames on finding them again are
   * often wrong (an elbow at 166 degrees between two bottoms); they are skipped for this long.
   */
  reacquireSettle: 100, // ms
  /**
   * Decision: a torso leaning less than this from upright (standing, kneeling up, walking to the
   * camera) is not a push-up position, so its frames do not move the phases.
   */
  minTorsoTilt: 55, // degrees from upright
  /**
   * Decision: when no frame shows a push-up position for longer than this, the analyser has lost
   * the person; the cycle in progress is dropped and it waits for the next top.
   */
  maxTrackingGap: 1_000, // ms
  /**
   * Decision: when the stream ends during a rise, the rep counts if the rise has recovered at
   * least this share of the descent (a clip cut right at the top).
   */
  finalRiseShare: 0.75,
  ...FORM_RULE_DEFAULTS,
} as const;

export type PushupAnalyzerConfig = {
  -readonly [K in keyof typeof PUSHUP_ANALYZER_DEFAULTS]: number;
};

/** The definition-driven analyser (spec 01 §4, §9). Times in ms. */
export const DEFINITION_ANALYZER_CONSTANTS = {
  /** READY needs landmarks at least this visible... */
  readyVisibility: 0.65,
  /** ...at least this many of them... */
  readyMinLandmarks: 3,
  /** ...and at least this share of the definition's landmarks. */
  readyLandmarkShare: 0.8,
  /** READY marks start-phase timeline entries of this long before it as valid. */
  readyLookBack: 10_000, // ms
  /** Two alignment failures of one angle are logged at least this far apart. */
  alignmentFailureInterval: 500, // ms
  /** Alignment failures are judged over this window. */
  alignmentFailureWindow: 2_000, // ms
  /** This many failures of a global angle in the window fail the rep. */
  globalFailureLimit: 2,
  /** This many failures of a non-global angle in the window fail the rep... */
  nonGlobalFailureLimit: 5,
  /** ...or this many outside the start phase. */
  nonGlobalFailureLimitOutsideStart: 3,
  /** More than this many non-global failures within the first part of a cycle fail the rep... */
  sustainedFailureLimit: 2,
  /** ...where the first part is this share of the cycle's duration. */
  sustainedCycleShare: 0.8,
  /** Failures are cleared once the newest is this old... */
  failureClearAfter: 3_000, // ms
  /** ...while in a valid start phase that has lasted more than this. */
  failureClearStartHold: 1_000, // ms
  /** When the phase history grows past this many entries... */
  phaseHistoryMax: 10,
  /** ...it keeps only the newest this many. */
  phaseHistoryKeep: 5,
  /** Decision: each angle is the median of this long a window, as in the push-up analyser. */
  glitchWindow: 100, // ms
  /**
   * Decision: ...and where three samples span more than the window (below 20 fps), an angle
   * within this of the median is kept as measured (a Hampel filter; only farther samples are
   * glitches). The median of three erased the one sample at the top of fast reps at 15 fps
   * (clip 03 lost 5 of 74). On the 21 push-up traces 99% of elbow samples lie within 10 degrees
   * of their window's median, glitches up to 110 away. On real 15 fps extractions 12 to 25 all
   * cut the mean error from 0.52 to 0.19-0.24 reps a clip, 15 the most; at a video's own
   * 24-30 fps nothing changes. The push-up analyser keeps less (PUSHUP_ANALYZER_DEFAULTS).
   */
  glitchKeepWithin: 15, // degrees
  /** Decision: frames this soon after the person was found again are skipped, as in the push-up analyser. */
  reacquireSettle: 100, // ms
  /**
   * Decision: when the angles cannot be measured for longer than this, the analyser has lost the
   * person: the cycle in progress is dropped and the phase is detected afresh. Settling and the
   * glitch filter's warm-up after a gap are not counted (the push-up analyser does the same).
   */
  maxTrackingGap: 1_000, // ms
  /** Decision: landmarks of an angle count as measurable from this visibility (0.7 x 0.5, as the push-up analyser's elbow). */
  angleVisibility: 0.35,
  /**
   * Decision: when two measured frames at most this far apart skip a phase (fast reps, low frame
   * rates), the phase counts as passed if the straight path between them crosses its ranges.
   */
  maxPassThroughGap: 500, // ms
  /**
   * Decision: with world landmarks (so the view is known), each global alignment must be
   * measured on at least this share of a rep's measured frames, or the rep is invalid for
   * 'Insufficient landmark visibility': a body line seen on a few frames was not judged. The
   * push-up analyser's share of visible frames (minVisibleFrameShare) is the same.
   */
  minGlobalMeasuredShare: 0.5,
  /**
   * Decision: a rep's span begins where the body left its starting position: the last frame in
   * the start phase whose phase-driving angles were within this of the farthest they reached
   * from the transition's ranges (summed over the driving angles), as the push-up analyser
   * starts a rep at its top. Crossing the start range's boundary is later: a sagging-hip rep
   * turning at 123 degrees crossed 124 for 70 ms around its bottom (clip 09). Within this of the
   * top is the top: tracking jitter at a held top is 2-3 degrees.
   */
  startTopTolerance: 5, // degrees
  /** Decision: the judges' form rules a definition lists, with the push-up analyser's thresholds. */
  ...FORM_RULE_DEFAULTS,
  /** Decision: the form rules see landmarks from this visibility, as the push-up analyser's. */
  minLandmarkVisibility: 0.5,
  /** ...the arm's from this fraction of it (0.35, as angleVisibility). */
  elbowVisibilityFactor: 0.7,
} as const;

export type DefinitionAnalyzerConfig = {
  -readonly [K in keyof typeof DEFINITION_ANALYZER_CONSTANTS]: number;
};
