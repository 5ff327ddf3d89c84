/**
 * The sample videos offered in the screen's dropdown (spec §7), read once per page from the
 * generated index and shared by every instance of the screen (the editor shows several).
 */
import { useEffect, useRef, useState } from 'react';
import { SAMPLE_VIDEO_INDEX_URL } from './constants';
import { parseSampleVideoIndex, type SampleVideo } from './sample-videos';

let sampleIndex: Promise<SampleVideo[]> | undefined;

/** The index, fetched once per page; a failed fetch is tried again by the next screen. */
function loadSampleIndex(): Promise<SampleVideo[]> {
  sampleIndex ??= fetch(SAMPLE_VIDEO_INDEX_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}: sample list unavailable`);
      return response.json();
    })
    .then(parseSampleVideoIndex);
  sampleIndex.catch(() => {
    sampleIndex = undefined;
  });
  return sampleIndex;
}

/** The sample list (empty until it arrives); `onUnavailable` gets the message when it cannot.
 * Not read at all while `wanted` is false (a screen without the sample choice). */
export function useSampleVideos(
  onUnavailable: (message: string) => void,
  wanted = true,
): SampleVideo[] {
  const [samples, setSamples] = useState<SampleVideo[]>([]);
  const report = useRef(onUnavailable);
  report.current = onUnavailable;
  // Read once, when the screen appears (or the choice is offered).
  useEffect(() => {
    if (!wanted) return;
    loadSampleIndex().then(setSamples, (cause: Error) =>
      report.current(`Sample videos are unavailable: ${cause.message}`),
    );
  }, [wanted]);
  return samples;
}
