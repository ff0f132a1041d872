/** See data-dir.mjs. */
export function e2eDataDir(port: string | number): string;
