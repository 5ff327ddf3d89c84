// A verification that no retry can fix (the video is missing, unreadable, not the participant's,
// or the challenge's definition cannot count): the recording gets the reason at once.

export type VerificationErrorCode =
  | 'video_missing'
  | 'video_unreadable'
  | 'video_url_unsupported'
  | 'video_not_owned'
  | 'definition_unusable';

export class VerificationError extends Error {
  constructor(
    readonly code: VerificationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationError';
  }
}
