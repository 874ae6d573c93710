/** Types of scripts/build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader). */
export const ROOT: string;
export const DIST: string;
export const SERVER_BUNDLE: string;
export function bundle(entry: string, outfile: string, define?: Record<string, string>): Promise<void>;
export function buildServer(options?: { force?: boolean; quiet?: boolean; outDir?: string }): Promise<{ built: boolean }>;
