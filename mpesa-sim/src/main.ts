import { createDarajaSimulator } from "./server.js";

const port = Number(process.env.MPESA_SIM_PORT ?? 4010);
const callbackDelayMs = Number(process.env.MPESA_SIM_DELAY_MS ?? 1500);

const simulator = createDarajaSimulator({ callbackDelayMs });
simulator.on("error", (error: NodeJS.ErrnoException) => {
  console.error(`[mpesa-sim] ${error.code === "EADDRINUSE" ? `port ${port} is already in use` : error.message}`);
  process.exit(1);
});
simulator.listen(port, "127.0.0.1", () => {
  process.send?.({ ready: true, port });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => simulator.close(() => process.exit(0)));
}
