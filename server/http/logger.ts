import type { Config } from '../config';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void>;

/** One JSON object per line: easy to grep here and to ship to a log store in production. */
export function createLogger(
  level: Config['logLevel'],
  write = (line: string) => process.stdout.write(line + '\n'),
): Logger {
  const threshold = levels[level];
  const at = (name: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (levels[name] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
