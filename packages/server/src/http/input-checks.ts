// Checks of raw input that PostgreSQL or the file system would otherwise refuse with an error the
// client never sees as its own fault: NUL characters (text and jsonb cannot hold U+0000) and
// percent-encoding that does not decode. Each answers what is wrong, or undefined when all is well.

/** Deepest nesting accepted in a JSON value: no body or field of the API needs more, and
 * JSON.stringify of a much deeper value overflows the stack. levels */
export const MAX_JSON_DEPTH = 32;

export type JsonProblem = { kind: 'nul' | 'too_deep'; at: string };

/** The first NUL character in a JSON value (in a string or a key: 'email', 'data.name',
 * 'data[2]'), or nesting deeper than MAX_JSON_DEPTH; undefined when there is neither. Iterative,
 * so deep input cannot overflow the stack. */
export function findJsonProblem(value: unknown, root = 'body'): JsonProblem | undefined {
  const pending: Array<{ value: unknown; at: string; depth: number }> = [
    { value, at: root, depth: 0 },
  ];
  while (pending.length > 0) {
    const { value: current, at, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', at };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'too_deep', at };
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [`[${index}]`, item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      if (key.includes('\u0000')) return { kind: 'nul', at: `${at} (a key)` };
      const child = Array.isArray(current) ? `${at}${key}` : at === root ? key : `${at}.${key}`;
      pending.push({ value: item, at: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The error for a JSON value with a problem (see findJsonProblem). */
export function jsonProblemMessage(problem: JsonProblem): {
  message: string;
  expected: string;
  received: string;
} {
  return problem.kind === 'nul'
    ? {
        message: `A NUL character is not allowed (in ${problem.at})`,
        expected: 'text without U+0000',
        received: `U+0000 in ${problem.at}`,
      }
    : {
        message: `JSON nested too deeply (at ${problem.at})`,
        expected: `at most ${MAX_JSON_DEPTH} levels of objects and arrays`,
        received: `deeper nesting at ${problem.at}`,
      };
}

/** The decoded path, or undefined when its percent-encoding is malformed (`/%E0%A4%A`, `/%ZZ`)
 * or it decodes to a NUL character, which no file name holds. */
export function decodePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
  return decoded.includes('\u0000') ? undefined : decoded;
}

/** PostgreSQL's data exceptions (SQLSTATE class 22: bad encoding, untranslatable characters, values
 * out of range, text that is not a number or a uuid) are the client's input, not a server fault. */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Query parameters whose value is a row count. */
const COUNT_PARAMETER = /(^|\.)(limit|offset)$/;

/** What is wrong with a data-API query string, or undefined: a parameter whose percent-encoding
 * does not decode, a NUL anywhere, or a limit or offset that is not a plain whole number.
 * PostgREST reads the first two leniently (a filter that can match nothing) and ignores the last
 * (answering every row as if none were given). */
export function findQueryProblem(search: string): string | undefined {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return undefined;
  for (const pair of query.split('&')) {
    const separator = pair.indexOf('=');
    const [rawKey, rawValue] =
      separator === -1 ? [pair, ''] : [pair.slice(0, separator), pair.slice(separator + 1)];
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      value = decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch (error) {
      if (error instanceof URIError)
        return `the parameter ${rawKey.slice(0, 60)} is not valid percent-encoded text`;
      throw error;
    }
    if (key.includes('\u0000') || value.includes('\u0000')) {
      return `the parameter ${key.replaceAll('\u0000', '').slice(0, 60)} holds a NUL character`;
    }
    if (COUNT_PARAMETER.test(key) && !/^\d+$/.test(value)) {
      return `${key.slice(0, 60)} must be a whole number, not ${JSON.stringify(value.slice(0, 30))}`;
    }
  }
  return undefined;
}
