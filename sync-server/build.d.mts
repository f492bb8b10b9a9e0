// Types of build.mjs for TypeScript callers (the rolling-restart test builds a newer server with it).
export declare const OUT_FILE: string;
export declare function buildServer(options?: {
  outDir?: string;
  plugins?: { name: string; setup: (build: never) => void }[];
}): Promise<void>;
