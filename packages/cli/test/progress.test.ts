import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.js';
import { ProgressLine } from '../src/core/progress.js';

function terminal(columns: number) {
  let written = '';
  const context: CommandContext = {
    stdout: () => {},
    stderr: (text) => {
      written += text;
    },
    stderrIsTTY: true,
    stderrColumns: columns,
    signal: new AbortController().signal,
    cwd: '/',
    env: {},
  };
  return { context, written: () => written };
}

describe('ProgressLine', () => {
  const line = '[##########..........] 3/4 inputs · push-up analyser';

  it('draws the whole line when the terminal reports 0 columns (unknown width)', () => {
    const { context, written } = terminal(0);
    new ProgressLine(context).update(line, true);
    expect(written()).toContain(line);
  });

  it('still shortens a line wider than a known terminal', () => {
    const { context, written } = terminal(30);
    new ProgressLine(context).update(line, true);
    expect(written()).not.toContain(line);
    expect(written()).toContain('[##########..........] 3/4 i…');
  });
});
