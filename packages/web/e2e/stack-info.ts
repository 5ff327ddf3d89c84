// What the E2E global set-up hands to the tests.

export interface WebStackInfo {
  /** The local stack serving the built app, e.g. http://localhost:40123 */
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** Where screenshots of the run are saved (test artifacts). */
  screenshotDir: string;
  /** The public API key, as the app reads it from /api/config. */
  anonKey: string;
  /** Bypasses row-level security: only for arranging test data. */
  serviceRoleKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    webStack: WebStackInfo;
  }
}
