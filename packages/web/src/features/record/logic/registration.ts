// Registration rules of the record flow (spec 02 §4 "Account step", §5). Pure.

import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import { RECORD } from '../messages';

/** The longest name the database takes. characters */
export const NAME_MAX_LENGTH = 100;

/** E-mails are lower-cased on input (spec 02 §5), and spaces around them dropped. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The name a non-duel participant gets when they give none: the part of the e-mail before @. */
export function nameFromEmail(email: string): string {
  const local = normalizeEmail(email).split('@')[0]?.trim() ?? '';
  return local.slice(0, NAME_MAX_LENGTH) || 'Participant';
}

export interface RegistrationInput {
  isDuel: boolean;
  name: string;
  email: string;
  gender: ParticipantGender;
}

export type RegistrationCheck =
  | { ok: true; name: string; email: string; gender: ParticipantGender }
  | { ok: false; title: string; message: string };

/** Duel: name and e-mail required. Non-duel: e-mail required, the name defaults to the e-mail's
 * local part. Gender male or female, male by default (spec 02 §5). */
export function checkRegistration(input: RegistrationInput): RegistrationCheck {
  const email = normalizeEmail(input.email);
  const name = input.name.trim().slice(0, NAME_MAX_LENGTH);
  if (input.isDuel) {
    if (!name || !email)
      return { ok: false, title: RECORD.missingInfoTitle, message: RECORD.missingInfo };
    return { ok: true, name, email, gender: input.gender };
  }
  if (!email) return { ok: false, title: RECORD.missingEmailTitle, message: RECORD.missingEmail };
  return { ok: true, name: name || nameFromEmail(email), email, gender: input.gender };
}

/** Sign-up errors that mean the address has an account: the one-time-link path (spec 02 §8). */
export function isAlreadyRegistered(error: { message?: string; status?: number }): boolean {
  const message = (error.message ?? '').toLowerCase();
  return (
    error.status === 422 ||
    message.includes('already registered') ||
    message.includes('already exists')
  );
}

/** A random password for a password-less registration (spec 02 §4): never shown or kept. */
export function randomPassword(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
