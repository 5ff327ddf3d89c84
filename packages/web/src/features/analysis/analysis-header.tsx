/// <reference lib="dom" />
import { Upload, X } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { groupSampleVideos, type SampleVideo } from './sample-videos';

const SAMPLE_GROUP_LABELS: Readonly<Record<SampleVideo['exercise'], string>> = {
  pushup: 'Push-ups',
  squat: 'Squats',
};

/** The analysis screen's title bar: the title, the video source (sample or upload) and Remove. */
export function AnalysisHeader(props: {
  title: string;
  /** Prefix of the element ids, unique per screen (several can share a page). */
  idPrefix: string;
  samples: readonly SampleVideo[];
  src: string | undefined;
  onSampleChosen: (url: string) => void;
  onFileChosen: (event: ChangeEvent<HTMLInputElement>) => void;
  /** When given, a remove button is shown (editor comparisons). */
  onRemove?: () => void;
  /** False: the video is given (a recording's), no sample or upload choice. Default true. */
  sourceChoice?: boolean;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const sampleGroups = groupSampleVideos(props.samples);
  return (
    <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="font-display text-xl text-gold">{props.title}</h2>
      {props.sourceChoice === false ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`${props.idPrefix}-sample`}>
            Sample video
          </label>
          <select
            id={`${props.idPrefix}-sample`}
            className="h-9 max-w-64 rounded-md border border-line bg-page px-2 text-sm text-ink"
            value={props.samples.some((s) => s.url === props.src) ? props.src : ''}
            onChange={(event) => event.target.value && props.onSampleChosen(event.target.value)}
          >
            <option value="">Sample video...</option>
            {sampleGroups.map((group) => (
              <optgroup key={group.exercise} label={SAMPLE_GROUP_LABELS[group.exercise]}>
                {group.samples.map((sample) => (
                  <option key={sample.url} value={sample.url}>
                    {sample.name} ({sample.view})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <input
            ref={fileRef}
            id={`${props.idPrefix}-upload`}
            type="file"
            accept="video/*"
            className="sr-only"
            aria-label="Upload a video"
            onChange={props.onFileChosen}
          />
          {/* The file input is visually hidden; this button opens its picker. */}
          <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" className="size-4" /> Upload
          </Button>
          {props.onRemove && (
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onRemove}
              aria-label={`Remove ${props.title}`}
            >
              <X aria-hidden="true" className="size-4" /> Remove
            </Button>
          )}
        </div>
      )}
    </header>
  );
}
