// Recognises a video container by its first bytes, not by its name or declared type: a text file
// renamed .webm is not a video.

export type VideoContainer = { extension: 'webm' | 'mp4' | 'mov'; mime: string };

export function sniffVideoContainer(head: Buffer): VideoContainer | undefined {
  // EBML magic: WebM and Matroska (what MediaRecorder writes in Chrome and Firefox).
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3)
    return { extension: 'webm', mime: 'video/webm' };
  // ISO base media: "ftyp" at offset 4 (MP4 from Safari's MediaRecorder, phone cameras).
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    return brand === 'qt  '
      ? { extension: 'mov', mime: 'video/quicktime' }
      : { extension: 'mp4', mime: 'video/mp4' };
  }
  return undefined;
}

/** A short printable description of unrecognised leading bytes, for error messages. */
export function describeLeadingBytes(head: Buffer): string {
  const sample = head.subarray(0, 16);
  const printable = sample.every(
    (byte) => byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127),
  );
  if (printable) return `text starting with ${JSON.stringify(sample.toString('latin1'))}`;
  return `bytes ${sample.toString('hex').replace(/(..)/g, '$1 ').trim()}`;
}
