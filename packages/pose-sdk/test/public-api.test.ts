import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const sdkDoc = readFileSync(join(repo, 'docs/sdk.md'), 'utf8');

/** The "## Public API" section: one bullet per entry point, its runtime exports in backticks. */
function documentedExports(): Map<string, string[]> {
  const section = sdkDoc.slice(sdkDoc.indexOf('## Public API'));
  const entries = new Map<string, string[]>();
  for (const bullet of section.split(/\n- /).slice(1)) {
    const names = [...bullet.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const [entry, ...exported] = names;
    entries.set(entry!, exported);
  }
  return entries;
}

const modules: Record<string, () => Promise<Record<string, unknown>>> = {
  '@reptemple/pose-sdk': () => import('../src/index.js'),
  '@reptemple/pose-sdk/browser': () => import('../src/browser/index.js'),
  '@reptemple/pose-sdk/node': () => import('../src/node/index.js'),
  '@reptemple/definitions': () => import('@reptemple/definitions'),
};

describe('public API is exactly what docs/sdk.md documents', () => {
  const documented = documentedExports();

  it('documents every entry point', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(modules).sort());
  });

  for (const [entry, load] of Object.entries(modules)) {
    it(`${entry}: runtime exports equal the documented list`, async () => {
      const exported = Object.keys(await load()).sort();
      expect(exported).toEqual([...(documented.get(entry) ?? [])].sort());
    });
  }
});

describe('the 20-line example in docs/sdk.md', () => {
  it('runs and counts the push-ups of a real trace', async () => {
    const code = sdkDoc.match(/```ts\n([\s\S]*?)```/)?.[1];
    expect(code).toBeDefined();
    expect(code!.trim().split('\n').length).toBeLessThanOrEqual(20);
    // 21 ends as the last rep rises: that rep comes from finish(), and the example must log it.
    const trace = join(repo, 'fixtures/traces/pushup/21-knee-test-park-oblique.ndjson');
    const file = join(import.meta.dirname, `.doc-example-${process.pid}.ts`);
    writeFileSync(file, code!.replace("'pushups.ndjson'", JSON.stringify(trace)));
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '));
    });
    try {
      await import(file);
    } finally {
      log.mockRestore();
      rmSync(file, { force: true });
    }
    const summary = lines.find((line) => line.startsWith('push-up analyser:'));
    const [valid, invalid] = (summary?.match(/\d+/g) ?? []).map(Number);
    expect(valid! + invalid!).toBe(5); // hand-counted reps in this clip
    expect(lines.filter((line) => line.startsWith('rep '))).toHaveLength(5);
  });
});
