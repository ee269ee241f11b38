export * from "./account";
export * from "./constants";
export * from "./errors";
export * from "./lead";
export * from "./phone";
export * from "./plans";
export * from "./validation";
export * from "./hours";
