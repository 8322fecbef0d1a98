import { ConfigError, optionsFromEnv } from "./config.js";
import { createS3Server } from "./server.js";

/**
 * The server on its own (`npx tsx s3-sim/src/main.ts`): settings from the environment (config.ts, ENV_NAMES),
 * listening on 127.0.0.1, and `{ ready: true, port }` over IPC when forked.
 */
let options: ReturnType<typeof optionsFromEnv>;
try {
  options = optionsFromEnv(process.env);
} catch (error) {
  console.error(`[s3-sim] ${error instanceof ConfigError ? error.message : String(error)}`);
  process.exit(1);
}
const s3 = await createS3Server(options);
const port = await s3.listen(options.port).catch((error: NodeJS.ErrnoException) => {
  console.error(`[s3-sim] ${error.code === "EADDRINUSE" ? `port ${options.port} is already in use` : error.message}`);
  process.exit(1);
});
console.log(
  `[s3-sim] http://localhost:${port} buckets ${options.buckets.join(", ") || "(none)"}, data in ${s3.dataDir}`,
);
process.send?.({ ready: true, port });
const stop = () => s3.close().then(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
process.on("disconnect", stop);
