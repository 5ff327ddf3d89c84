// A still of the camera picture, for the recorded video's poster: a video shows its first frame
// until it plays, and a freshly opened camera's first frames are often black.

/** Width of the still. px */
const STILL_WIDTH = 640;
const STILL_QUALITY = 0.85;

/** The frame the video element shows now, as a JPEG; null when it shows none. */
export async function stillFrame(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const scale = Math.min(1, STILL_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', STILL_QUALITY));
}
