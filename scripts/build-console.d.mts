// Types of scripts/build-console.mjs for the TypeScript that imports it (the console's tests).
export declare const CONSOLE_SOURCES: string;
export declare function buildConsole(
  outDir?: string,
  options?: { minify?: boolean },
): Promise<{ company: string; admin: string; css: string; icon: string }>;
