import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** Parses `--name value` options; unknown options are an error that lists the known ones. */
export function parseCliArgs<T extends ParseArgsOptionsConfig>(options: T) {
  try {
    return parseArgs({ options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\nOptions: ${Object.keys(options).map((o) => `--${o}`).join(', ')}`);
  }
}

/** Runs a command: a failure prints its message (not a stack) and exits 1. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exitCode = 1;
  }
}
