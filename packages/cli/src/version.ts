/** Kept in step with package.json by the release process (changesets). */
export const CLI_VERSION = '0.1.0';
