// Every user-facing string the specification fixes (spec 01 §2, §5, §8; spec 02 §2, §8), in one
// place so screens and tests read the same text. Strings the spec leaves to us are next to the
// component that shows them. The labels of a domain's fixed lists (genders, goals, challenge
// types...) live with that domain: src/data/<domain>/*-labels.ts.

export const PRODUCT_NAME = 'RepTemple';
export const TAGLINE = 'Treat Your Body Like a Place of Worship';

export const LANDING = {
  cta: 'Begin Your Journey',
} as const;

export const WAITLIST = {
  submit: 'Join Waitlist',
  submitting: 'Joining...',
  success: '✓ Successfully added to waitlist!',
  toastSuccessTitle: 'Success!',
  toastSuccess: "You've been added to our waitlist. We'll be in touch soon!",
  toastDuplicateTitle: 'Already registered!',
  toastDuplicate: 'This email is already on our waitlist.',
  toastErrorTitle: 'Error',
  toastError: 'Something went wrong. Please try again.',
  missingFields: 'Please fill in all required fields.',
  missingOther: 'Please specify how you learned about us.',
} as const;

export const NAV = {
  profile: 'Profile',
  challenges: 'Challenges',
  admin: 'Admin',
  login: 'Login',
  logout: 'Logout',
  loading: 'Loading...',
  greeting: (email: string) => `Hi, ${email}!`,
} as const;

export const ACCESS = {
  deniedTitle: 'Access Denied',
  signedOutMessage: 'You need to be signed in to access this page.',
  signIn: 'Sign In',
  goHome: 'Go to Home',
  adminMessage:
    "You don't have permission to access this admin area. Please contact an administrator if you believe this is an error.",
  returnHome: 'Return to Home',
} as const;

export const VALIDATION = {
  emailAndPassword: 'Please enter both email and password.',
  emailRequired: 'Please enter your email address.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
} as const;

export const LOGIN = {
  tabPassword: 'Password',
  tabMagicLink: 'Magic Link',
  checkEmailTitle: 'Check your email',
  linkExpiry: 'The link and the code expire in 1 hour.',
  useDifferentEmail: 'Use a different email',
} as const;

/** The six-digit code of the one-time sign-in e-mail, typed instead of opening its link (ours:
 * the link opens in whatever browser the mail app picks; the code signs in this one). */
export const ONE_TIME_CODE = {
  label: 'Or type the 6-digit code from the e-mail',
  submit: 'Sign in with code',
  checking: 'Checking...',
  invalidFormat: 'The code is 6 digits.',
  refused: 'That code is wrong or has expired. Use the newest e-mail, or ask for a new one.',
} as const;

export const SIGNUP = {
  tabPassword: 'Email & Password',
  tabMagicLink: 'Magic Link',
} as const;

export const AUTH_TOASTS = {
  errorTitle: 'Error',
  magicLinkFailed: 'Failed to send magic link. Please try again.',
  invalidCredentials: 'Invalid email or password.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  createAccountFailed: 'Failed to create account. Please try again.',
  updateProfileFailed: 'Failed to update profile. Please try again.',
  signOutFailed: 'Failed to sign out. Please try again.',
  logoutWentWrong: 'Something went wrong during logout.',
  magicLinkSentTitle: 'Magic link sent!',
  magicLinkSentSignIn: 'Check your email for a sign-in link.',
  magicLinkSentSignUp: 'Check your email to complete your registration.',
  successTitle: 'Success!',
  signedIn: 'Signed in successfully.',
  accountCreated: `Account created successfully. Welcome to ${PRODUCT_NAME}!`,
  profileUpdatedTitle: 'Profile updated!',
  profileUpdated: 'Your profile has been saved successfully.',
  signedOutTitle: 'Signed out successfully.',
  signedOut: 'You have been logged out.',
} as const;

export const CALLBACK = {
  completing: 'Completing sign-in...',
  failedTitle: 'Authentication failed',
  noSession: 'No session found. Please try signing in again.',
  profileIncompleteTitle: 'Profile setup incomplete',
  profileIncomplete:
    "Your account was created but we couldn't save your profile. You can update it later.",
  welcomeNewTitle: `Welcome to ${PRODUCT_NAME}!`,
  welcomeNew: 'Your account has been created successfully.',
  welcomeBackTitle: 'Welcome back!',
  welcomeBack: "You've been signed in successfully.",
  wentWrong: 'Something went wrong. Please try signing in again.',
} as const;

export const LOGOUT = {
  signingOut: 'Signing out...',
} as const;

export const PROFILE = {
  save: 'Save Profile',
  noUser: 'No user logged in',
  analysisTitle: 'Video analysis',
  analysisDescription: 'Check your form on a recorded video: every rep counted and judged.',
  analysisLink: 'Analyse a video',
} as const;

export const NOT_FOUND = {
  title: '404 Page Not Found',
} as const;

/** Why a challenge takes no attempt now (ours; the spec names only the states). Shown where a
 * participant would join or record: the detail page, the record page, a refused join. */
export const CHALLENGE_CLOSED = {
  inactive: 'This challenge is not active right now.',
  upcoming: 'This challenge has not started yet. Come back when it starts.',
  ended: 'This challenge has ended. Its leaderboard stays open to view.',
  'duel-expired': 'This duel has expired: its 72 hours are over.',
} as const;
