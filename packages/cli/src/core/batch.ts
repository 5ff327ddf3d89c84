/**
 * Runs one job per input, `jobs` at a time, and keeps every outcome: a failed input is an error
 * in its own row, never the end of the batch. When the signal aborts, no new input starts; the
 * ones in flight are abandoned and left out, finished ones are kept.
 */
export interface BatchItem<T> {
  readonly input: string;
  readonly value?: T;
  readonly error?: string;
}

export interface BatchOptions<T> {
  readonly jobs: number;
  readonly signal: AbortSignal;
  readonly run: (input: string, index: number) => Promise<T>;
  readonly describeError: (error: unknown) => string;
  readonly onDone?: (item: BatchItem<T>, done: number, total: number) => void;
  readonly onStart?: (input: string, index: number) => void;
  /**
   * Work on the inputs in this order (indices into `inputs`); results stay in input order.
   * Starting the longest first keeps parallel jobs busy to the end.
   */
  readonly order?: readonly number[];
}

export interface BatchResult<T> {
  /** In input order; inputs not finished before an abort are missing. */
  readonly items: BatchItem<T>[];
  readonly interrupted: boolean;
}

/**
 * Input indices, most work first, ties in input order: parallel jobs then finish together (the
 * longest-processing-time rule). A file's size is a poor guess at its work: a 0.16 MB clip of
 * 326 frames ran last behind bigger but shorter ones and left a worker idle for 4 s of 40.
 */
export function longestFirst(workloads: readonly number[]): number[] {
  return workloads.map((_, index) => index).sort((a, b) => workloads[b]! - workloads[a]! || a - b);
}

export async function runBatch<T>(
  inputs: readonly string[],
  options: BatchOptions<T>,
): Promise<BatchResult<T>> {
  const results: (BatchItem<T> | undefined)[] = new Array(inputs.length);
  const order = options.order ?? inputs.map((_, index) => index);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (!options.signal.aborted && next < order.length) {
      const index = order[next++]!;
      const input = inputs[index]!;
      options.onStart?.(input, index);
      let item: BatchItem<T>;
      try {
        item = { input, value: await options.run(input, index) };
      } catch (error) {
        if (options.signal.aborted) return; // abandoned by Ctrl-C, not a failure of this input
        item = { input, error: options.describeError(error) };
      }
      results[index] = item;
      done++;
      options.onDone?.(item, done, inputs.length);
    }
  };
  const workers = Array.from(
    { length: Math.max(1, Math.min(options.jobs, inputs.length)) },
    worker,
  );
  await Promise.all(workers);
  return {
    items: results.filter((item): item is BatchItem<T> => item !== undefined),
    interrupted: options.signal.aborted,
  };
}
