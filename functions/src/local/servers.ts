import type { Server } from "node:http";

/** Listens on 127.0.0.1 and resolves once the port is taken (rejects if it cannot be). Dev and test only. */
export function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

/** Closes a server without waiting for idle keep-alive connections to time out. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
