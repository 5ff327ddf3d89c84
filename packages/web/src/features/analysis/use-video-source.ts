/// <reference lib="dom" />
/**
 * Which video the screen analyses: a sample path or a file the person chose (as a blob: URL the
 * screen owns and revokes), controlled by the `videoSrc` prop when the parent gives one.
 */
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { errorToast } from '../../toast/toast-store';
import { ANALYSIS_MESSAGES } from './constants';
import { isVideoFile } from './playback';

export interface VideoSource {
  readonly src: string | undefined;
  /** A sample (or any URL) chosen: analyse it, and tell the parent. */
  choose(next: string): void;
  /** The file input changed: a video file is analysed, anything else refused with a message. */
  chooseFile(event: ChangeEvent<HTMLInputElement>): void;
}

export function useVideoSource(options: {
  readonly videoSrc: string | undefined;
  readonly onVideoSrcChange: ((src: string) => void) | undefined;
  /** Shows a message under the video (null clears it). */
  readonly setMessage: (message: string | null) => void;
}): VideoSource {
  const { videoSrc, onVideoSrcChange, setMessage } = options;
  const ownBlobUrl = useRef<string | null>(null);
  const [src, setSrc] = useState(videoSrc);
  useEffect(() => setSrc(videoSrc), [videoSrc]);

  useEffect(
    () => () => {
      if (ownBlobUrl.current) URL.revokeObjectURL(ownBlobUrl.current);
    },
    [],
  );

  const choose = useCallback(
    (next: string) => {
      setSrc(next);
      onVideoSrcChange?.(next);
    },
    [onVideoSrcChange],
  );

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isVideoFile(file)) {
      setMessage(ANALYSIS_MESSAGES.notAVideo);
      errorToast(ANALYSIS_MESSAGES.notAVideo);
      return;
    }
    if (ownBlobUrl.current) URL.revokeObjectURL(ownBlobUrl.current);
    const url = URL.createObjectURL(file);
    ownBlobUrl.current = url;
    setMessage(null);
    choose(url);
  };

  return { src, choose, chooseFile };
}
