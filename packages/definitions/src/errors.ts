/**
 * Every error RepTemple throws on purpose is a RepTempleError: it carries a stable `code` that
 * programs can branch on, and a message that says what was expected, what was received and
 * what to do about it.
 */
export class RepTempleError extends Error {
  readonly code: string;
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(options.hint ? `${message}\n${options.hint}` : message, { cause: options.cause });
    this.name = 'RepTempleError';
    this.code = code;
    this.hint = options.hint;
  }
}

export function isRepTempleError(value: unknown): value is RepTempleError {
  return value instanceof RepTempleError;
}

/** One problem in an exercise-definition document, located by its JSON path. */
export interface DefinitionIssue {
  /** JSON path in the document, such as `angles[1].landmarks` or `timing.transitionDebounce`. */
  readonly path: string;
  /** What was expected and what was received, such as `expected 3 landmarks, got 4`. */
  readonly message: string;
}

/** A definition document failed validation; `issues` lists every problem, not only the first. */
export class DefinitionError extends RepTempleError {
  readonly issues: readonly DefinitionIssue[];

  constructor(issues: readonly DefinitionIssue[], source?: string) {
    const where = source ? ` in ${source}` : '';
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    const lines = issues.map((issue) => `  ${issue.path || '(document)'}: ${issue.message}`);
    super(
      'DEFINITION_INVALID',
      `Invalid exercise definition${where} (${count}):\n${lines.join('\n')}`,
      {
        hint: "Fix the fields listed above; validateDefinition(document) (or the RepTemple CLI's `reptemple validate <file>`) checks a document without running it.",
      },
    );
    this.name = 'DefinitionError';
    this.issues = issues;
  }
}
