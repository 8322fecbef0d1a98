/** The container's composition helpers: build once on first use, new ids, the kept answers of idempotent requests. */
import { createDynamoIdempotencyRepository } from "./dynamo/idempotency-repository.js";
import { ulid } from "./ids.js";

/**
 * Builds on first use and keeps the result for the container's life. Every `once(…)` (here and in the modules'
 * module.ts) is marked pure, so a
 * bundler drops the ones a handler never calls, and with them what only they import: a read route's bundle carries
 * no password hashing, Daraja client or EventBridge client.
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

export const newId = () => ulid();

/** The answers kept for money requests made with an Idempotency-Key. */
export const idempotencyStore = /* @__PURE__ */ once(() => createDynamoIdempotencyRepository());
