/** The subcommands of `dms-sim`: serve (the default, src/cli.ts), fixtures, contract. */
import { contract } from './contract';
import { didYouMean } from '../fixtures/suggest';
import { fixtures } from './fixtures';

const COMMANDS = ['serve', 'fixtures', 'contract'];

export async function dispatch(argv: string[], serve: (argv: string[]) => void): Promise<void> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) return serve(argv);
  if (first === 'serve') return serve(rest);
  if (first === 'fixtures') process.exit(fixtures(rest));
  if (first === 'contract') process.exit(await contract(rest));
  console.error(`dms-sim: unknown command "${first}"${didYouMean(first, COMMANDS)} (${COMMANDS.join(', ')}; dms-sim --help)`);
  process.exit(2);
}
