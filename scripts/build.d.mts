/** Types of scripts/build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader). */
export const ROOT: string;
export const DIST: string;
export const SERVER_BUNDLE: string;
/** What a build reads (folders and files under ROOT): the up-to-date check digests them. */
export const INPUTS: readonly string[];
export function bundle(entry: string, outfile: string, define?: Record<string, string>): Promise<void>;
/** dist/cli.mjs ready to run: built first (quietly) when an input changed, unless this is an installed package. */
export function builtServer(): Promise<string>;
export function buildServer(options?: { force?: boolean; quiet?: boolean; outDir?: string }): Promise<{ built: boolean }>;
