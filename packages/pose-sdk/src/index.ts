export * from './core/types.js';
