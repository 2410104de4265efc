import pkg from "../package.json" with { type: "json" };

/** The Gatehouse release, from package.json. */
export const VERSION: string = pkg.version;
