// Types of bootstrap.mjs for TypeScript callers (the rolling-restart test builds the server first).
export declare const ROOT: string;
/** Bundles the server unless sync-server/dist/server.mjs was built from exactly these sources. */
export declare function ensureServerBuilt(options?: { force?: boolean }): void;
