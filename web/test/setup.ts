import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library only cleans up by itself when the runner exposes a global afterEach; ours does not.
afterEach(cleanup);
