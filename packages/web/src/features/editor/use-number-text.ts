// A number field of the editor as typed (timing, the minimum turn): the definition keeps its value
// until the text parses, and the field says why a text does not. A new value from outside (an
// import, Load, Add New) replaces the text.

import { useEffect, useState } from 'react';
import type { ParsedNumber } from './validation';

export function useNumberText(
  value: number,
  parse: (text: string) => ParsedNumber,
  onCommit: (value: number) => void,
): { text: string; problem: string | null; change: (text: string) => void } {
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setProblem(null);
  }, [value]);
  const change = (next: string) => {
    setText(next);
    const parsed = parse(next);
    setProblem(parsed.ok ? null : parsed.message);
    if (parsed.ok) onCommit(parsed.value);
  };
  return { text, problem, change };
}
