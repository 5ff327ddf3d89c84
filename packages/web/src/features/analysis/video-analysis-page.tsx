import { builtinDefinitions } from '@reptemple/definitions';
import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '../../constants/messages';
import {
  DEFAULT_ANALYSIS_MODEL,
  SAMPLE_VIDEO_BASE_URL,
  SAMPLE_VIDEO_FOLDERS,
  SERVED_POSE_MODELS,
  type ServedPoseModel,
} from './constants';
import { VideoAnalysis } from './video-analysis';

/** Analysers a signed-in user can run: the fixed push-up analyser or a built-in definition. */
const ANALYSERS = {
  pushup: { label: 'Push-up analyser', definition: null },
  'definition-pushup': {
    label: 'Push-up definition',
    definition: builtinDefinitions.pushup,
  },
  'definition-squat': { label: 'Squat definition', definition: builtinDefinitions.squat },
} as const;
type AnalyserChoice = keyof typeof ANALYSERS;

/** A short, labelled side-view clip, so the screen shows something useful straight away. */
const FIRST_SAMPLE = `${SAMPLE_VIDEO_BASE_URL}/${SAMPLE_VIDEO_FOLDERS.pushup}/08-tank-top-side.mp4`;

function isAnalyserChoice(value: string | null): value is AnalyserChoice {
  return value !== null && value in ANALYSERS;
}

function isModel(value: string | null): value is ServedPoseModel {
  return (SERVED_POSE_MODELS as readonly string[]).includes(value ?? '');
}

/** /analyze (spec 01 §6: video analysis for signed-in users). Reached only through <RequireAuth>.
 * ?analyser= and ?model= preselect the choices, so a link can open a given set-up. */
export function VideoAnalysisPage() {
  const params = new URLSearchParams(window.location.search);
  const [analyser, setAnalyser] = useState<AnalyserChoice>(() => {
    const value = params.get('analyser');
    return isAnalyserChoice(value) ? value : 'pushup';
  });
  const [model, setModel] = useState<ServedPoseModel>(() => {
    const value = params.get('model');
    return isModel(value) ? value : DEFAULT_ANALYSIS_MODEL;
  });
  const [videoSrc, setVideoSrc] = useState(FIRST_SAMPLE);

  useEffect(() => {
    document.title = `Video Analysis · ${PRODUCT_NAME}`;
  }, []);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-2 font-display text-3xl text-gold">Video Analysis</h1>
      <p className="mb-4 text-muted">
        Every frame is analysed in your browser; nothing is uploaded. The counts match the{' '}
        <code>reptemple analyze</code> command line on the same file and model.
      </p>
      <div className="mb-4 flex flex-wrap gap-4">
        <label className="flex items-center gap-2 text-sm text-ink">
          Analyser
          <select
            className="h-9 rounded-md border border-line bg-page px-2 text-sm text-ink"
            value={analyser}
            onChange={(event) => setAnalyser(event.target.value as AnalyserChoice)}
          >
            {Object.entries(ANALYSERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-ink">
          Pose model
          <select
            className="h-9 rounded-md border border-line bg-page px-2 text-sm text-ink"
            value={model}
            onChange={(event) => setModel(event.target.value as ServedPoseModel)}
          >
            {SERVED_POSE_MODELS.map((value) => (
              <option key={value} value={value}>
                {value === 'lite' ? 'Lite (fast)' : 'Full (accurate)'}
              </option>
            ))}
          </select>
        </label>
      </div>
      <VideoAnalysis
        definition={ANALYSERS[analyser].definition}
        model={model}
        videoSrc={videoSrc}
        onVideoSrcChange={setVideoSrc}
      />
    </div>
  );
}
