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
  /** The service key, for seeding rows the way server-side code would (bypasses row security). */
  serviceRoleKey: string;
  /** Superuser connection string, for arranging rows and checking database rules directly. */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    webStack: WebStackInfo;
  }
}
