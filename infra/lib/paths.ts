import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Absolute locations in the monorepo, derived from this file rather than the working directory, because the CDK app
 * runs from the repo root, from infra/ (`npm run synth -w infra`) and under vitest.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

export const repoPaths = {
  root,
  lockFile: join(root, "package-lock.json"),
  httpHandlers: join(root, "functions/src/handlers/http"),
  eventHandlers: join(root, "functions/src/handlers/events"),
  webDist: join(root, "web/dist"),
} as const;
