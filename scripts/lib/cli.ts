import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A script's command line, read by `node:util`'s `parseArgs` (strict: an unknown option or an
 * unexpected positional is an error). Every script accepts `--help`/`-h`: it prints `usage` and
 * exits 0. A bad command line prints the problem and `usage` to stderr and exits 2. `args`
 * defaults to the process's own arguments.
 */
export function parseCli<const T extends ParseArgsConfig>(
  usage: string,
  config: T,
  args: string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<T>> {
  const help = { help: { type: 'boolean', short: 'h' } } as const;
  let helpAsked = false;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    helpAsked =
      parseArgs({ args, options: help, strict: false, allowPositionals: true }).values.help === true;
    if (!helpAsked)
      parsed = parseArgs({
        ...config,
        args,
        options: { ...config.options, ...help },
      }) as unknown as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage.trim()}`);
    process.exit(2);
  }
  if (helpAsked) {
    console.log(usage.trim());
    process.exit(0);
  }
  return parsed!;
}
