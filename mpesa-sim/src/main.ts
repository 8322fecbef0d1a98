import type { AddressInfo } from "node:net";
import { ConfigError, optionsFromEnv } from "./config.js";
import { createDarajaSimulator } from "./server.js";

/**
 * The process `npm start` forks (scripts/local-stack.ts): configuration from the environment, listening on
 * 127.0.0.1, and `{ ready: true, port }` over IPC once it accepts connections.
 */
const port = Number(process.env.MPESA_SIM_PORT ?? 4010);

let simulator: ReturnType<typeof createDarajaSimulator>;
try {
  simulator = createDarajaSimulator(optionsFromEnv(process.env));
} catch (error) {
  console.error(`[mpesa-sim] ${error instanceof ConfigError ? error.message : String(error)}`);
  process.exit(1);
}

simulator.on("error", (error: NodeJS.ErrnoException) => {
  console.error(`[mpesa-sim] ${error.code === "EADDRINUSE" ? `port ${port} is already in use` : error.message}`);
  process.exit(1);
});
simulator.listen(port, "127.0.0.1", () => {
  process.send?.({ ready: true, port: (simulator.address() as AddressInfo).port });
});
const stop = () => {
  simulator.closeAllConnections();
  simulator.close(() => process.exit(0));
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
// The IPC channel closes when the parent dies, even by SIGKILL: never outlive the stack that started us.
process.on("disconnect", stop);
