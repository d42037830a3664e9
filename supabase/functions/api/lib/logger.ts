// Where the api's log lines go: one JSON object a line, so a host's log collector (journald,
// Supabase's function logs, docker) can filter by field. The hosts build one from LOG_LEVEL; an
// app without one logs nothing (the in-process test suites), and a test can hand it a logger
// that keeps the lines.

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  level: LogLevel;
  write(line: string): void;
}

export function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value?.trim() || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(
      `Invalid environment variable LOG_LEVEL: ${JSON.stringify(value)} is not one of ${LOG_LEVELS.join(', ')}`,
    );
  }
  return level as LogLevel;
}

// Lines on stdout: the hosts' logger.
export function consoleLogger(level: LogLevel): Logger {
  return { level, write: (line) => console.log(line) };
}

export function logLine(logger: Logger | undefined, level: LogLevel, fields: Record<string, unknown>): void {
  if (!logger || LOG_LEVELS.indexOf(level) > LOG_LEVELS.indexOf(logger.level)) return;
  logger.write(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
}

// An error's name and message only, never a stack that could quote a request.
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

// ApiOptions.logError for a host with a logger: the same JSON lines as the request log.
export function logErrorTo(logger: Logger): (message: string, error: unknown) => void {
  return (message, error) => logLine(logger, 'error', { message, error: describeError(error) });
}
