/**
 * Validation and normalisation of exercise-definition documents: one pass that reports every
 * problem with its JSON path, then the defaults of spec 01 §3 for loaded or imported documents.
 */
import type { z } from 'zod';
import {
  DEFAULT_ANGLE_RANGE,
  DEFAULT_CYCLE,
  DEFAULT_TIMING,
  FORM_RULE_NAMES,
  LANDMARKS_PER_ANGLE,
  PHASE_NAMES,
  type PhaseName,
} from './constants.js';
import { DefinitionError, type DefinitionIssue } from './errors.js';
import { LANDMARK_NAMES, type LandmarkId, landmarkName, MAX_LANDMARK_ID } from './landmarks.js';
import {
  type AngleDefinition,
  type AngleRange,
  definitionInputSchema,
  type ExerciseDefinition,
  landmarkRefSchema,
  type PhaseDefinition,
} from './schema.js';

export type DefinitionValidation =
  | { readonly success: true; readonly definition: ExerciseDefinition }
  | { readonly success: false; readonly issues: readonly DefinitionIssue[] };

/**
 * Checks a document and returns either the normalised definition or every problem found.
 * Never throws for bad input.
 */
export function validateDefinition(input: unknown): DefinitionValidation {
  const parsed = definitionInputSchema.safeParse(input, { reportInput: true });
  const structural = parsed.success
    ? []
    : parsed.error.issues.flatMap((issue) => describeIssue(issue, input));
  // The cross-field rules run even when the structure is wrong, so one pass names every problem.
  const issues = uniqueIssues([...structural, ...crossFieldIssues(input)]);
  if (!parsed.success || issues.length > 0) return { success: false, issues };
  return { success: true, definition: buildDefinition(parsed.data) };
}

/**
 * Validates a document and applies the defaults for loaded or imported documents (timing 0, 0,
 * 200 ms; qualification rep and stop condition off; no global alignments; every angle 0-180 in
 * every phase), resolving landmark names to ids.
 * @throws DefinitionError listing every problem with its JSON path.
 */
export function normalizeDefinition(input: unknown, source?: string): ExerciseDefinition {
  const result = validateDefinition(input);
  if (!result.success) throw new DefinitionError(result.issues, source);
  return result.definition;
}

/** Parses JSON text and normalises it; a syntax error is reported like any other problem. */
export function parseDefinitionJson(text: string, source?: string): ExerciseDefinition {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DefinitionError(
      [{ path: '', message: `expected a JSON document, got invalid JSON (${reason})` }],
      source,
    );
  }
  return normalizeDefinition(document, source);
}

// ---------------------------------------------------------------------------------------------
// Issue messages

type ZodIssue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `an ${typeof value}`;
}

const NOUNS: Record<string, [singular: string, plural: string]> = {
  landmarks: ['landmark', 'landmarks'],
  angles: ['angle', 'angles'],
  phases: ['phase', 'phases'],
};

function countNoun(path: readonly PathSegment[], count: number | bigint): string {
  const last = path[path.length - 1];
  const [singular, plural] = NOUNS[String(last)] ?? ['item', 'items'];
  return `${count} ${Number(count) === 1 ? singular : plural}`;
}

function isLandmarkPath(path: readonly PathSegment[]): boolean {
  return (
    path.length >= 2 &&
    path[path.length - 2] === 'landmarks' &&
    typeof path[path.length - 1] === 'number'
  );
}

function landmarkRefMessage(value: unknown): string {
  const suggestion = typeof value === 'string' ? closestLandmarkName(value) : undefined;
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  return `expected a landmark id 0-${MAX_LANDMARK_ID} or a landmark name such as "left_elbow", got ${describeValue(value)}${hint}`;
}

function uniqueIssues(issues: readonly DefinitionIssue[]): DefinitionIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** zod stops at a wrong-length list; the landmarks in it may be wrong too, so check them here. */
function landmarkElementIssues(path: readonly PathSegment[], value: unknown): DefinitionIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((element, index) =>
    landmarkRefSchema.safeParse(element).success
      ? []
      : [{ path: formatPath([...path, index]), message: landmarkRefMessage(element) }],
  );
}

function describeIssue(issue: ZodIssue, root: unknown): DefinitionIssue[] {
  const path = issue.path;
  const at = formatPath(path);
  const received = valueAt(root, path);
  if (
    (issue.code === 'too_big' || issue.code === 'too_small') &&
    path[path.length - 1] === 'landmarks'
  ) {
    const length = Array.isArray(received) ? received.length : 0;
    return [
      { path: at, message: `expected ${countNoun(path, LANDMARKS_PER_ANGLE)}, got ${length}` },
      ...landmarkElementIssues(path, received),
    ];
  }
  if (
    isLandmarkPath(path) &&
    (issue.code === 'invalid_union' ||
      issue.code === 'too_big' ||
      issue.code === 'too_small' ||
      issue.code === 'invalid_type')
  ) {
    return [{ path: at, message: landmarkRefMessage(received) }];
  }
  switch (issue.code) {
    case 'invalid_type':
      if (received === undefined)
        return [{ path: at, message: `required ${issue.expected}, but it is missing` }];
      return [{ path: at, message: `expected ${issue.expected}, got ${describeValue(received)}` }];
    case 'too_small':
      if (issue.origin === 'array') {
        const length = Array.isArray(received) ? received.length : 0;
        const bound = issue.exact ? '' : 'at least ';
        return [
          {
            path: at,
            message: `expected ${bound}${countNoun(path, issue.minimum)}, got ${length}`,
          },
        ];
      }
      if (issue.origin === 'string')
        return [{ path: at, message: 'expected a non-empty text, got an empty one' }];
      return [
        { path: at, message: `expected at least ${issue.minimum}, got ${describeValue(received)}` },
      ];
    case 'too_big':
      if (issue.origin === 'array') {
        const length = Array.isArray(received) ? received.length : 0;
        const bound = issue.exact ? '' : 'at most ';
        return [
          {
            path: at,
            message: `expected ${bound}${countNoun(path, issue.maximum)}, got ${length}`,
          },
        ];
      }
      return [
        { path: at, message: `expected at most ${issue.maximum}, got ${describeValue(received)}` },
      ];
    case 'invalid_value':
      return [
        {
          path: at,
          message: `expected one of ${issue.values.map((v) => String(v)).join(', ')}, got ${describeValue(received)}`,
        },
      ];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: formatPath([...path, key]),
        message:
          'unknown field (check the spelling; see the definition JSON Schema for the fields allowed here)',
      }));
    case 'invalid_union':
      return describeUnion(issue, root);
    default:
      return [{ path: at, message: issue.message }];
  }
}

/**
 * A union failed (the phases map-or-list, for instance): report the problems of the branch that
 * matches the shape of what was given, rather than a bare "invalid input".
 */
function describeUnion(
  issue: Extract<ZodIssue, { code: 'invalid_union' }>,
  root: unknown,
): DefinitionIssue[] {
  const received = valueAt(root, issue.path);
  const branches = issue.errors.filter((branch) => {
    const first = branch[0];
    return !(first && first.code === 'invalid_type' && first.path.length === 0);
  });
  const chosen = branches[0];
  if (!chosen) {
    const expected = Array.isArray(received) ? 'an object' : 'an object or a list';
    return [
      {
        path: formatPath(issue.path),
        message: `expected ${expected}, got ${describeValue(received)}`,
      },
    ];
  }
  return chosen.flatMap((nested) =>
    describeIssue({ ...nested, path: [...issue.path, ...nested.path] } as ZodIssue, root),
  );
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previousDiagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        previousDiagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      previousDiagonal = saved;
    }
  }
  return row[b.length]!;
}

function closestLandmarkName(value: string): string | undefined {
  const wanted = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of LANDMARK_NAMES) {
    const distance = editDistance(wanted, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return bestDistance <= 3 ? best : undefined;
}

// ---------------------------------------------------------------------------------------------
// Rules that span fields

type ParsedInput = z.output<typeof definitionInputSchema>;
type RangesInput = Record<string, AngleRange> | undefined;

function resolveLandmark(ref: number | string): LandmarkId {
  return typeof ref === 'number'
    ? ref
    : LANDMARK_NAMES.indexOf(ref as (typeof LANDMARK_NAMES)[number]);
}

function phasesByName(
  input: ParsedInput,
): Record<PhaseName, { id?: string; angleRanges?: RangesInput }> {
  if (!Array.isArray(input.phases)) return input.phases;
  const byName = {} as Record<PhaseName, { id?: string; angleRanges?: RangesInput }>;
  for (const phase of input.phases) byName[phase.id] = phase;
  return byName;
}

// The cross-field rules read the raw document defensively: any part may be missing or mistyped
// (the structural pass has already reported that), and what is well-formed is still checked.

type Loose = Record<string, unknown>;

function asObject(value: unknown): Loose | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Loose)
    : undefined;
}

function asRange(value: unknown): AngleRange | undefined {
  const range = asObject(value);
  return range && typeof range.min === 'number' && typeof range.max === 'number'
    ? { min: range.min, max: range.max }
    : undefined;
}

interface LoosePhase {
  readonly name: PhaseName;
  readonly path: string;
  readonly ranges: Loose | undefined;
}

function loosePhases(phases: unknown): LoosePhase[] {
  if (Array.isArray(phases)) {
    return phases.flatMap((phase, index) => {
      const object = asObject(phase);
      const name = object?.id;
      return typeof name === 'string' && (PHASE_NAMES as readonly string[]).includes(name)
        ? [
            {
              name: name as PhaseName,
              path: `phases[${index}]`,
              ranges: asObject(object?.angleRanges),
            },
          ]
        : [];
    });
  }
  const object = asObject(phases);
  if (!object) return [];
  return PHASE_NAMES.flatMap((name) => {
    const phase = asObject(object[name]);
    return phase ? [{ name, path: `phases.${name}`, ranges: asObject(phase.angleRanges) }] : [];
  });
}

function crossFieldIssues(input: unknown): DefinitionIssue[] {
  const document = asObject(input);
  if (!document) return [];
  const issues: DefinitionIssue[] = [];
  const angles = (Array.isArray(document.angles) ? document.angles : []).map(asObject);
  const angleIds = angles.map((angle) => (typeof angle?.id === 'string' ? angle.id : undefined));
  const known = new Set(angleIds.filter((id): id is string => id !== undefined));
  const knownList = [...known].join(', ') || '(none)';

  angles.forEach((angle, index) => {
    const id = angleIds[index];
    const first = angleIds.indexOf(id);
    if (id !== undefined && first !== index) {
      issues.push({
        path: `angles[${index}].id`,
        message: `duplicate angle id "${id}" (also angles[${first}])`,
      });
    }
    const refs = Array.isArray(angle?.landmarks) ? angle.landmarks : [];
    const ids = refs
      .filter((ref) => landmarkRefSchema.safeParse(ref).success)
      .map((ref) => resolveLandmark(ref as number | string));
    const repeated = ids.find((landmark, i) => ids.indexOf(landmark) !== i);
    if (repeated !== undefined) {
      issues.push({
        path: `angles[${index}].landmarks`,
        message: `expected ${LANDMARKS_PER_ANGLE} different landmarks, got ${landmarkName(repeated)} twice`,
      });
    }
  });

  const phases = loosePhases(document.phases);
  if (Array.isArray(document.phases)) {
    for (const name of PHASE_NAMES) {
      const count = phases.filter((phase) => phase.name === name).length;
      if (count > 1)
        issues.push({
          path: 'phases',
          message: `expected exactly one "${name}" phase, got ${count}`,
        });
      if (count === 0 && document.phases.length === PHASE_NAMES.length) {
        issues.push({ path: 'phases', message: `expected a "${name}" phase, got none` });
      }
    }
  }

  const checkRanges = (ranges: Loose | undefined, at: string) => {
    for (const [angleId, value] of Object.entries(ranges ?? {})) {
      const range = asRange(value);
      if (!known.has(angleId)) {
        issues.push({
          path: `${at}.${angleId}`,
          message: `unknown angle id "${angleId}"; the angles are: ${knownList}`,
        });
      } else if (range && range.min > range.max) {
        issues.push({
          path: `${at}.${angleId}`,
          message: `expected min <= max, got min ${range.min} > max ${range.max}`,
        });
      }
    }
  };
  for (const phase of phases) checkRanges(phase.ranges, `${phase.path}.angleRanges`);
  const stopCondition = asObject(document.stopCondition);
  const stopRanges = asObject(stopCondition?.angleRanges);
  checkRanges(stopRanges, 'stopCondition.angleRanges');

  const globals = Array.isArray(document.globalAlignments) ? document.globalAlignments : [];
  globals.forEach((angleId, index) => {
    if (typeof angleId !== 'string') return;
    if (!known.has(angleId)) {
      issues.push({
        path: `globalAlignments[${index}]`,
        message: `unknown angle id "${angleId}"; the angles are: ${knownList}`,
      });
      return;
    }
    const ranges = phases.flatMap((phase) => {
      const range = asRange(phase.ranges?.[angleId]);
      return range ? [{ name: phase.name, range }] : [];
    });
    const [first, ...others] = ranges;
    const conflicting = others.find(
      (other) => other.range.min !== first?.range.min || other.range.max !== first?.range.max,
    );
    if (first && conflicting) {
      issues.push({
        path: `globalAlignments[${index}]`,
        message: `a global angle applies one range to all phases, but "${angleId}" is ${first.range.min}-${first.range.max} in ${first.name} and ${conflicting.range.min}-${conflicting.range.max} in ${conflicting.name}`,
      });
    }
  });

  for (const angleId of Object.keys(stopRanges ?? {})) {
    const angle = angles[angleIds.indexOf(angleId)];
    if (angle && angle.exerciseStop !== true) {
      issues.push({
        path: `stopCondition.angleRanges.${angleId}`,
        message: `angle "${angleId}" has a stop range but is not marked exerciseStop`,
      });
    }
  }
  if (stopCondition?.enabled === true) {
    angles.forEach((angle, index) => {
      const id = angleIds[index];
      if (angle?.exerciseStop === true && id !== undefined && !stopRanges?.[id]) {
        issues.push({
          path: 'stopCondition.angleRanges',
          message: `expected a stop range for exerciseStop angle "${id}" (angles[${index}]) because stopCondition is enabled, got none`,
        });
      }
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Defaults

function buildDefinition(input: ParsedInput): ExerciseDefinition {
  const angles: AngleDefinition[] = input.angles.map((angle) => ({
    id: angle.id,
    name: angle.name,
    landmarks: angle.landmarks.map(resolveLandmark) as unknown as readonly [
      LandmarkId,
      LandmarkId,
      LandmarkId,
    ],
    exerciseStop: angle.exerciseStop ?? false,
  }));
  const phases = phasesByName(input);
  const globalAlignments = [...new Set(input.globalAlignments ?? [])];
  const globalRange = (angleId: string): AngleRange | undefined => {
    for (const name of PHASE_NAMES) {
      const range = phases[name].angleRanges?.[angleId];
      if (range) return range;
    }
    return undefined;
  };
  const buildPhase = (name: PhaseName): PhaseDefinition => {
    const given = phases[name].angleRanges ?? {};
    const angleRanges: Record<string, AngleRange> = {};
    for (const angle of angles) {
      const range =
        given[angle.id] ??
        (globalAlignments.includes(angle.id) ? globalRange(angle.id) : undefined) ??
        DEFAULT_ANGLE_RANGE;
      angleRanges[angle.id] = { min: range.min, max: range.max };
    }
    return { id: phases[name].id ?? name, angleRanges };
  };
  const definition: ExerciseDefinition = {
    name: input.name,
    ...(input.description !== undefined ? { description: input.description } : {}),
    cameraPosition: input.cameraPosition,
    angles,
    phases: {
      start: buildPhase('start'),
      transition: buildPhase('transition'),
      end: buildPhase('end'),
    },
    globalAlignments,
    timing: { ...DEFAULT_TIMING, ...input.timing },
    cycle: { ...DEFAULT_CYCLE, ...input.cycle },
    formRules: FORM_RULE_NAMES.filter((rule) => input.formRules?.includes(rule)),
    qualificationRep: { enabled: input.qualificationRep?.enabled ?? false },
    stopCondition: {
      enabled: input.stopCondition?.enabled ?? false,
      angleRanges: Object.fromEntries(
        Object.entries(input.stopCondition?.angleRanges ?? {}).map(([id, range]) => [
          id,
          { min: range.min, max: range.max },
        ]),
      ),
    },
  };
  return definition;
}
