// GET /health: whether the database answers and PostgREST runs; 503 when either does not, or while
// the server stops.

import type pg from 'pg';
import { describeError } from '../errors.js';

export interface HealthReport {
  ok: boolean;
  report: Record<string, unknown>;
}

export function createHealthCheck(parts: {
  pool: pg.Pool;
  dataApiHealthy: () => boolean;
  shuttingDown: () => boolean;
  databaseKind: 'external' | 'embedded';
  mailKind: string;
}): () => Promise<HealthReport> {
  return async () => {
    let database = 'up';
    try {
      await parts.pool.query('select 1');
    } catch (error) {
      database = `down: ${describeError(error)}`;
    }
    const dataApi = parts.dataApiHealthy() ? 'up' : 'down';
    const stopping = parts.shuttingDown();
    const ok = database === 'up' && dataApi === 'up' && !stopping;
    return {
      ok,
      report: {
        status: ok ? 'ok' : stopping ? 'stopping' : 'degraded',
        database,
        databaseKind: parts.databaseKind,
        dataApi,
        mail: parts.mailKind,
        uptimeSeconds: Math.round(process.uptime()),
      },
    };
  };
}
