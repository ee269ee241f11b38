/**
 * The whole data model of both spec documents (000 §3, 001 §3) plus what the product needs beyond
 * them. TypeScript keys are camelCase (better-auth reads its tables by these keys); SQL columns are
 * snake_case. Times are epoch milliseconds; JSON columns hold text that the code parses.
 */
export * from "./accounts";
export * from "./organization";
export * from "./calls";
export * from "./appointments";
export * from "./widgets";
export * from "./billing";
export * from "./audit";
export * from "./test-runs";
export * from "./knowledge";
export * from "./messaging";
