export { parseArgs, resolveConfig, type ServerConfig, USAGE } from './config.js';
export * from './constants.js';
export { AppError, StartupError } from './errors.js';
export { createLogger, type Logger } from './log.js';
export { type RunningStack, startStack } from './stack.js';
