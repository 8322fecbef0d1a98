import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";
import { SYNTH_STATUS_FILE, type SynthStatus } from "./synth-status.js";

/**
 * Runs before each deploy file: waits until the stages synthesized in the background (global-setup.ts) are written,
 * and fails the file with the synth's own error if it failed. The wait has no limit of its own: the synth's process
 * either ends, and says so, or the run is stopped.
 */
const statusFile = join(inject("synthRoot"), SYNTH_STATUS_FILE);
while (!existsSync(statusFile)) await sleep(250);
const status = JSON.parse(readFileSync(statusFile, "utf8")) as SynthStatus;
if (!status.ok) throw new Error(status.error);
