/** Written into the synth's folder when the background synth (global-setup.ts) ends: the deploy files wait for it. */
export const SYNTH_STATUS_FILE = "synth-status.json";

export type SynthStatus = { ok: true } | { ok: false; error: string };
