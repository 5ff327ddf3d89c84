// What the global set-up hands to the tests.

export interface StackInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The HS256 secret, for forging tokens that must be accepted or refused. */
  jwtSecret: string;
  /** Superuser connection string, for setting up and inspecting rows directly. */
  databaseUrl: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** The test stack's server process (its open files are checked for leaks). */
  serverPid: number;
  /** Directory of generated media fixtures. */
  fixturesDir: string;
  /** Upload limit the test stack runs with. bytes */
  uploadMaxBytes: number;
  /** The failed sign-ins on one account from one address the test stack allows. */
  failedSignInLimit: number;
  /** The failed sign-ins on one account from all addresses, after which only addresses that have
   * not failed on it may try. */
  accountFailedSignInLimit: number;
  signInPerIpLimit: number;
  databaseKind: 'embedded' | 'external';
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
