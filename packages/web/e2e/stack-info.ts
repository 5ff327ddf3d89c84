// What the E2E global set-up hands to the tests.

export interface WebStackInfo {
  /** The local stack serving the built app, e.g. http://localhost:40123 */
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** Where screenshots of the run are saved (test artifacts). */
  screenshotDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    webStack: WebStackInfo;
  }
}
